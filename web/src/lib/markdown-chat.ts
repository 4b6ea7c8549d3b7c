import MarkdownIt from 'markdown-it';
import type { DOMPurify as Purifier } from 'dompurify';
import { installEmoji } from './markdown-emoji';
import { installMath, MATH_MAX_LENGTH, mathPlaceholder } from './markdown-math';
import { installMentions, type MentionEnv } from './markdown-mentions';

/** Tags a chat message may contain (docs/chat.md). */
export const CHAT_ALLOWED_TAGS = [
  'p',
  'br',
  'em',
  'strong',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Attributes a chat message may carry (docs/chat.md); data-* only for emoji and code. */
export const CHAT_ALLOWED_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'class',
  'align',
  'colspan',
  'rowspan',
  'width',
  'height',
  'role',
  'aria-label',
  'aria-hidden',
  'loading',
  'data-emoji',
  'data-code',
  'data-lang',
  'data-math',
];

/** Link schemes http, https, ftp, mailto and '#'; plus the app's own emoji images. */
export const CHAT_URI_PATTERN = /^(?:(?:https?|ftp|mailto):|#|\/emoji\/[a-z]+\.svg$)/i;

const UNWRAPPED_FENCES = new Set(['md', 'markdown', 'gfm']);
const CONTAINERS: Record<string, string> = {
  bullet_list_open: 'bullet_list_close',
  ordered_list_open: 'ordered_list_close',
  blockquote_open: 'blockquote_close',
  table_open: 'table_close',
};
const CLOSERS = new Set(Object.values(CONTAINERS));

function createChatMarkdownIt(): InstanceType<typeof MarkdownIt> {
  const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });
  installEmoji(md);
  installMentions(md);
  installMath(md);

  // Soft line breaks stay line breaks, except in lists, quotes and tables (docs/chat.md).
  md.core.ruler.push('soft_breaks', (state) => {
    let depth = 0;
    for (const token of state.tokens) {
      if (CONTAINERS[token.type]) depth += 1;
      else if (CLOSERS.has(token.type)) depth -= 1;
      else if (token.type === 'inline' && depth > 0) {
        for (const child of token.children ?? [])
          if (child.type === 'softbreak') child.meta = { inContainer: true };
      }
    }
  });
  md.renderer.rules.softbreak = (tokens, idx) =>
    (tokens[idx]?.meta as { inContainer?: boolean } | null)?.inContainer ? '\n' : '<br>\n';

  // ```md / ```markdown / ```gfm fences are rendered as markdown, not as code.
  md.renderer.rules.fence = (tokens, idx, _options, rawEnv) => {
    const env = (rawEnv ?? {}) as { fenceDepth?: number } & MentionEnv;
    const token = tokens[idx];
    const lang = (token?.info ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
    const content = token?.content ?? '';
    const depth = env.fenceDepth ?? 0;
    if (UNWRAPPED_FENCES.has(lang) && depth < 3) return md.render(content, { ...env, fenceDepth: depth + 1 });
    if (lang === 'math' && content.trim() && content.length <= MATH_MAX_LENGTH)
      return `<p>${mathPlaceholder(md, content.trim(), true)}</p>\n`;
    const langAttr = lang ? ` data-lang="${md.utils.escapeHtml(lang)}"` : '';
    const cls = lang ? ` class="language-${md.utils.escapeHtml(lang)}"` : '';
    return `<pre data-code="block"${langAttr} title="Click to copy"><code${cls}>${md.utils.escapeHtml(content)}</code></pre>\n`;
  };

  // Images from other sites would be a third-party request from the viewer's browser: show a link.
  md.renderer.rules.image = (tokens, idx, _options, _env, self) => {
    const token = tokens[idx];
    const src = String(token?.attrGet('src') ?? '');
    const alt = token ? self.renderInlineAsText(token.children ?? [], _options, _env) : '';
    if (!src.startsWith('/emoji/')) {
      return `<a href="${md.utils.escapeHtml(src)}">${md.utils.escapeHtml(alt || src)}</a>`;
    }
    return `<img src="${md.utils.escapeHtml(src)}" alt="${md.utils.escapeHtml(alt)}" loading="lazy">`;
  };
  return md;
}

/** Renders a message; with `mentions`, only those users' `@handles` show as mentions. */
export type ChatRenderer = (source: string, mentions?: readonly string[]) => string;

/** Markdown → sanitized HTML for chat messages, with the given DOMPurify instance. */
export function createChatRenderer(purify: Purifier): ChatRenderer {
  const md = createChatMarkdownIt();
  return (source, mentions) => {
    const env: MentionEnv = mentions ? { mentions: new Set(mentions.map((m) => m.toLowerCase())) } : {};
    return purify.sanitize(md.render(source, env), {
      ALLOWED_TAGS: CHAT_ALLOWED_TAGS,
      ALLOWED_ATTR: CHAT_ALLOWED_ATTR,
      ALLOWED_URI_REGEXP: CHAT_URI_PATTERN,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      // Non-URL attributes whose values must not be checked against the scheme pattern.
      ADD_URI_SAFE_ATTR: [
        'data-emoji',
        'data-code',
        'data-lang',
        'data-math',
        'aria-label',
        'aria-hidden',
        'loading',
        'width',
        'height',
        'align',
        'colspan',
        'rowspan',
      ],
    });
  };
}
