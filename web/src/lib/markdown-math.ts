import type MarkdownItCtor from 'markdown-it';
import { findDollarMath } from './math-dollars';

type MarkdownIt = InstanceType<typeof MarkdownItCtor>;
type StateInline = Parameters<Parameters<MarkdownIt['inline']['ruler']['push']>[1]>[0];
type StateBlock = Parameters<Parameters<MarkdownIt['block']['ruler']['push']>[1]>[0];

/** The longest formula rendered (characters of TeX); a longer one stays text. */
export const MATH_MAX_LENGTH = 1000;

/** Inline delimiters and whether they mean display math; single dollars: math-dollars.ts. */
const INLINE: ReadonlyArray<readonly [open: string, close: string, display: boolean]> = [
  ['$$', '$$', true],
  ['\\(', '\\)', false],
  ['\\[', '\\]', true],
];

/**
 * The placeholder a formula renders to: its TeX as text, typeset later by KaTeX in the browser
 * (src/lib/math-render.ts), only where a message has math (docs/chat.md).
 */
export function mathPlaceholder(md: MarkdownIt, tex: string, display: boolean): string {
  const kind = display ? 'display' : 'inline';
  return `<span class="math math-${kind}" data-math="${kind}">${md.utils.escapeHtml(tex)}</span>`;
}

function mathInline(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  for (const [open, close, display] of INLINE) {
    if (!src.startsWith(open, pos)) continue;
    const start = pos + open.length;
    const end = src.indexOf(close, start);
    if (end < 0) continue;
    const tex = src.slice(start, end);
    if (!tex.trim() || tex.length > MATH_MAX_LENGTH) continue;
    if (!silent) {
      const token = state.push('math_inline', 'span', 0);
      token.content = tex;
      token.meta = { display };
    }
    state.pos = end + close.length;
    return true;
  }
  const dollars = findDollarMath(src, pos, MATH_MAX_LENGTH);
  if (!dollars) return false;
  if (!silent) {
    const token = state.push('math_inline', 'span', 0);
    token.content = dollars.tex;
    token.meta = { display: false };
  }
  state.pos = dollars.end;
  return true;
}

/** `$$` or `\[` opening a line, up to the line that closes it: a display formula of its own. */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineText = (line: number) =>
    state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const first = lineText(startLine);
  const pair = first.startsWith('$$') ? ['$$', '$$'] : first.startsWith('\\[') ? ['\\[', '\\]'] : null;
  if (!pair) return false;
  const [open, close] = pair as [string, string];
  let body = first.slice(open.length);
  let line = startLine;
  let closed = body.trimEnd().endsWith(close) && body.trim().length >= close.length;
  if (closed) body = body.trimEnd().slice(0, -close.length);
  else {
    const lines = [body];
    while (++line < endLine) {
      const text = lineText(line);
      if (text.trimEnd().endsWith(close)) {
        lines.push(text.trimEnd().slice(0, -close.length));
        closed = true;
        break;
      }
      lines.push(text);
    }
    body = lines.join('\n');
  }
  if (!closed || !body.trim() || body.length > MATH_MAX_LENGTH) return false;
  if (silent) return true;
  const token = state.push('math_block', 'span', 0);
  token.content = body.trim();
  token.block = true;
  token.map = [startLine, line + 1];
  state.line = line + 1;
  return true;
}

/**
 * Math in messages (docs/chat.md): `$$…$$` and `\[…\]` display, `\(…\)` and `$…$` inline, and ```math
 * fences (markdown-chat.ts). Runs before markdown's backslash escapes, which would otherwise eat
 * `\(` and `\[`. The TeX is only carried as text here; KaTeX typesets it in the browser.
 */
export function installMath(md: MarkdownIt): void {
  md.inline.ruler.before('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.renderer.rules.math_inline = (tokens, idx) => {
    const token = tokens[idx]!;
    return mathPlaceholder(md, token.content, (token.meta as { display: boolean }).display);
  };
  md.renderer.rules.math_block = (tokens, idx) =>
    `<p>${mathPlaceholder(md, tokens[idx]!.content, true)}</p>\n`;
}
