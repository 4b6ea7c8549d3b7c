import type MarkdownItCtor from 'markdown-it';
import emojiPlugin from 'markdown-it-emoji/lib/bare.mjs';
import { EMOJI_SHORTCODES } from './emoji-shortcodes';

/** Image emoji served by the app itself (web/public/emoji), never from a third party. */
export const IMAGE_EMOJI: Readonly<Record<string, string>> = {
  octocat: '/emoji/octocat.svg',
  github: '/emoji/github.svg',
};

type MarkdownIt = InstanceType<typeof MarkdownItCtor>;

/**
 * Shortcodes such as :smile: become emoji, wherever the text came from (the composer, the API, a
 * bot): the one place messages turn them into emoji (docs/chat.md). The set is emoji-shortcodes.ts,
 * plus the image emoji.
 */
export function installEmoji(md: MarkdownIt): void {
  const defs: Record<string, string> = { ...EMOJI_SHORTCODES };
  for (const name of Object.keys(IMAGE_EMOJI)) defs[name] = `:${name}:`;
  // No ':)'-style shortcuts: only explicit shortcodes convert.
  emojiPlugin(md, { defs, shortcuts: {} });
  md.renderer.rules.emoji = (tokens, idx) => {
    const token = tokens[idx];
    const name = md.utils.escapeHtml(token?.markup ?? '');
    const src = IMAGE_EMOJI[token?.markup ?? ''];
    if (src) {
      return `<img class="emoji" src="${src}" alt=":${name}:" title=":${name}:" width="20" height="20" loading="lazy" data-emoji="${name}">`;
    }
    return `<span class="emoji" role="img" aria-label="${name}" data-emoji="${name}">${md.utils.escapeHtml(token?.content ?? '')}</span>`;
  };
}
