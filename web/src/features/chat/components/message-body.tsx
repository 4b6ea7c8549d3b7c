import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { toast } from 'sonner';
import { LIMITS } from '@studium/protocol';
import type * as Markdown from '../../../lib/markdown';
import { useTypesetMath } from '../../../lib/use-typeset-math';

type ChatMarkdown = (source: string, mentions?: readonly string[]) => string;

// The markdown renderer (markdown-it, DOMPurify) is the heaviest part of a room: it loads once a
// message is on screen, or once the browser is idle after the room has rendered (message-list.tsx),
// alongside the room's messages instead of before the room can render.
let markdownModule: Promise<typeof Markdown> | null = null;
let loadedRenderer: ChatMarkdown | null = null;

/** Loads the chat's markdown renderer (once). */
export function loadChatMarkdown() {
  return (markdownModule ??= import('../../../lib/markdown').then((m) => {
    loadedRenderer = m.renderChatMarkdown;
    return m;
  }));
}

/** The chat markdown renderer once loaded; `null` until then (messages show as plain text). */
function useChatMarkdown(): ChatMarkdown | null {
  const [render, setRender] = useState<ChatMarkdown | null>(() => loadedRenderer);
  useEffect(() => {
    if (render) return;
    let current = true;
    void loadChatMarkdown().then((m) => {
      if (current) setRender(() => m.renderChatMarkdown);
    });
    return () => {
      current = false;
    };
  }, [render]);
  return render;
}

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
  /** The users the message mentions (only their handles show as mentions). */
  mentions?: readonly string[];
  onExternalLink: (href: string) => void;
}

/** Sanitized markdown with typeset math; code blocks copy on click, external links ask first. */
export const MessageBody = memo(function MessageBody({ text, mentions, onExternalLink }: MessageBodyProps) {
  const render = useChatMarkdown();
  const html = useMemo(() => (render ? render(text, mentions ?? []) : null), [render, text, mentions]);
  const ref = useRef<HTMLDivElement>(null);
  useTypesetMath(ref, html);

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

  if (html === null) {
    return (
      <div className="chat-markdown min-w-0 text-sm break-words whitespace-pre-wrap text-fg">{text}</div>
    );
  }
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
