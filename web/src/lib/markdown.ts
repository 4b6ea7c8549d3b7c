import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';
import { createChatRenderer, type ChatRenderer } from './markdown-chat';
import { installMath } from './markdown-math';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

// Links leave the app: never give the target page a handle on ours.
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return self.renderToken(tokens, idx, options);
};

/** Markdown to sanitized HTML for trusted-ish documents (patch notes). */
export function renderMarkdown(source: string): string {
  return DOMPurify.sanitize(md.render(source), {
    ALLOWED_URI_REGEXP: /^(?:(?:https?|ftp|mailto):|#|\/)/i,
    ADD_ATTR: ['target'],
  });
}

let chatRenderer: ChatRenderer | null = null;

/** Chat message markdown (docs/chat.md): allowlisted tags, attributes and schemes, emoji, mentions. */
export function renderChatMarkdown(source: string, mentions?: readonly string[]): string {
  chatRenderer ??= createChatRenderer(DOMPurify);
  return chatRenderer(source, mentions);
}

let mathText: InstanceType<typeof MarkdownIt> | null = null;

/**
 * Plain text with formulas (profile blurbs): no markdown, only the math delimiters of messages,
 * through the chat's sanitizer. The formulas are typeset like a message's (use-typeset-math.ts).
 */
export function renderMathText(text: string): string {
  mathText ??= new MarkdownIt('zero').use(installMath);
  return DOMPurify.sanitize(mathText.render(text), {
    ALLOWED_TAGS: ['p', 'span'],
    ALLOWED_ATTR: ['class', 'data-math'],
    ALLOW_DATA_ATTR: false,
    ADD_URI_SAFE_ATTR: ['data-math'],
  });
}
