import { memo, useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { toast } from 'sonner';
import { LIMITS } from '@studium/protocol';
import { renderChatMarkdown } from '../../../lib/markdown';

const EXTERNAL = /^(?:https?|ftp|mailto):/i;

function copyCode(pre: HTMLElement) {
  const code = pre.textContent ?? '';
  const fail = () => toast.error('Unable to copy code');
  try {
    navigator.clipboard
      .writeText(code)
      .then(() => {
        toast.success('Code copied to clipboard');
        pre.setAttribute('data-copied', 'true');
        setTimeout(() => pre.removeAttribute('data-copied'), LIMITS.codeCopyHighlightMs);
      })
      .catch(fail);
  } catch {
    fail();
  }
}

interface MessageBodyProps {
  text: string;
  onExternalLink: (href: string) => void;
}

/** Sanitized markdown; code blocks copy on click, external links ask first. */
export const MessageBody = memo(function MessageBody({ text, onExternalLink }: MessageBodyProps) {
  const html = useMemo(() => renderChatMarkdown(text), [text]);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Code blocks are reachable by keyboard too (Enter or Space copies).
    for (const pre of ref.current?.querySelectorAll<HTMLElement>('pre[data-code]') ?? []) pre.tabIndex = 0;
  }, [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    const link = target.closest('a');
    if (link) {
      const href = link.getAttribute('href') ?? '';
      if (EXTERNAL.test(href)) {
        event.preventDefault();
        onExternalLink(href);
      }
      return;
    }
    const pre = target.closest<HTMLElement>('pre[data-code]');
    if (pre) copyCode(pre);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if ((event.key === 'Enter' || event.key === ' ') && target.matches('pre[data-code]')) {
      event.preventDefault();
      event.stopPropagation();
      copyCode(target);
    }
  };

  return (
    // Clicks are delegated to the links and code blocks inside; both are keyboard reachable.
    <div
      ref={ref}
      className="chat-markdown min-w-0 text-sm break-words text-fg"
      onClick={onClick}
      onKeyDown={onKeyDown}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
