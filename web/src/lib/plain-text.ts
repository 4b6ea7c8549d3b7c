import MarkdownIt from 'markdown-it';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

function inlineText(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'text' || t.type === 'code_inline') out += t.content;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') out += ' ';
    else if (t.type === 'image') out += inlineText(t.children ?? []);
  }
  return out;
}

/**
 * A message's text as one plain line for previews (notifications, search hits, DM rows,
 * moderation context): the markdown's marks are dropped, links keep their words, code its text,
 * and paragraphs, items and lines are joined by single spaces.
 */
export function plainTextPreview(source: string): string {
  const parts: string[] = [];
  for (const t of md.parse(source, {})) {
    if (t.type === 'inline') parts.push(inlineText(t.children ?? []));
    else if (t.type === 'code_block' || t.type === 'fence') parts.push(t.content);
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
