import type MarkdownItCtor from 'markdown-it';
import type { Token } from 'markdown-it';

import { MENTION_IN_TEXT } from '@studium/protocol';

/** The markdown env of a message: the usernames it mentions as stored (lowercased). */
export type MentionEnv = {
  mentions?: ReadonlySet<string>;
};

/** The hash-route link of a profile, as the SPA's HashRouter reads it. */
export function profileHref(username: string): string {
  return `#/userprofile/${encodeURIComponent(username)}`;
}

/** Splits a text into plain parts and @mentions. */
export function splitMentions(text: string): Array<{ text: string; username?: string }> {
  const parts: Array<{ text: string; username?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_IN_TEXT)) {
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: `@${match[2]}`, username: match[2] });
    last = start + 1 + (match[2]?.length ?? 0);
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * Renders `@username` in text (not in code or links) as a link to the profile, when the message
 * mentions that user (`env.mentions`); any other `@name` stays plain text (docs/chat.md).
 */
type MarkdownIt = InstanceType<typeof MarkdownItCtor>;

export function installMentions(md: MarkdownIt): void {
  md.core.ruler.push('mentions', (state) => {
    const mentioned = (state.env as MentionEnv | undefined)?.mentions;
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      const out: Token[] = [];
      let linkDepth = 0;
      for (const token of block.children) {
        if (token.type === 'link_open') linkDepth += 1;
        if (token.type === 'link_close') linkDepth -= 1;
        if (token.type !== 'text' || linkDepth > 0 || !token.content.includes('@')) {
          out.push(token);
          continue;
        }
        for (const part of splitMentions(token.content)) {
          if (!part.username || (mentioned && !mentioned.has(part.username.toLowerCase()))) {
            const text = new state.Token('text', '', 0);
            text.content = part.text;
            out.push(text);
            continue;
          }
          const open = new state.Token('link_open', 'a', 1);
          open.attrs = [
            ['href', profileHref(part.username)],
            ['class', 'mention'],
          ];
          const text = new state.Token('text', '', 0);
          text.content = part.text;
          out.push(open, text, new state.Token('link_close', 'a', -1));
        }
      }
      block.children = out;
    }
  });
}
