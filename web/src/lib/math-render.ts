import katex from 'katex';
import type { DOMPurify as Purifier } from 'dompurify';

/** Tags KaTeX writes (its HTML layout, MathML for screen readers, the SVG of stretchy symbols). */
const MATH_TAGS = [
  'span',
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mpadded',
  'mphantom',
  'mstyle',
  'menclose',
  'mlabeledtr',
  'svg',
  'path',
  'line',
];

/** Attributes KaTeX writes; never an event handler, a link, an id or an inline style. */
const MATH_ATTR = [
  'class',
  'aria-hidden',
  'xmlns',
  'encoding',
  'display',
  'mathvariant',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'accent',
  'accentunder',
  'width',
  'height',
  'depth',
  'voffset',
  'viewBox',
  'preserveAspectRatio',
  'd',
  'x1',
  'x2',
  'y1',
  'y2',
  'stroke-width',
  'columnalign',
  'rowalign',
  'rowspacing',
  'columnspacing',
  'columnlines',
  'rowlines',
  'scriptlevel',
  'displaystyle',
  'linethickness',
  'minsize',
  'maxsize',
  'movablelimits',
  'notation',
  'symmetric',
  'largeop',
  'data-katex-style',
];

/** The layout properties KaTeX sets inline, with the values it uses (lengths, a few keywords). */
const STYLE_PROPS = new Set([
  'height',
  'min-width',
  'width',
  'top',
  'bottom',
  'left',
  'right',
  'vertical-align',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'padding-right',
  'border-bottom-width',
  'border-top-width',
  'border-right-width',
  'border-left-width',
  'position',
]);
const STYLE_VALUE = /^(?:-?\d*\.?\d+(?:em|ex|px|pt|%)?|0|auto|relative|absolute|inherit)$/;

/** `style` text split into allowed declarations; anything else (url(), expressions, colours) is dropped. */
export function safeDeclarations(style: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const part of style.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const prop = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (STYLE_PROPS.has(prop) && STYLE_VALUE.test(value)) out.push([prop, value]);
  }
  return out;
}

export type MathRenderer = (tex: string, display: boolean) => string;

/**
 * TeX → sanitized KaTeX markup. KaTeX runs untrusted: no \href, \url, \htmlClass and friends
 * (`trust: false`), bounded macro expansion and sizes, errors shown as text. Its output then
 * passes the sanitizer like any message: an allowlist of math tags and attributes. Its inline
 * styles become `data-katex-style` with only layout lengths kept, applied through the CSSOM
 * (`applyMathStyles`), since the CSP admits no style attribute.
 */
export function createMathRenderer(purify: Purifier): MathRenderer {
  return (tex, display) => {
    const html = katex.renderToString(tex, {
      displayMode: display,
      output: 'htmlAndMathml',
      throwOnError: false,
      trust: false,
      strict: 'ignore',
      maxSize: 20,
      maxExpand: 200,
    });
    // KaTeX escapes quotes in text, so ` style="` only ever opens one of its attributes. It is
    // renamed before anything parses the markup: parsing a style attribute already breaks the CSP.
    const unstyled = html.replace(/ style="([^"]*)"/g, (_, css: string) => {
      const kept = safeDeclarations(css)
        .map(([prop, value]) => `${prop}:${value}`)
        .join(';');
      return kept ? ` data-katex-style="${kept}"` : '';
    });
    return purify.sanitize(unstyled, {
      ALLOWED_TAGS: MATH_TAGS,
      ALLOWED_ATTR: MATH_ATTR,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      // No attribute of math is a link: none may hold a URL, and every allowed one is plain data.
      ALLOWED_URI_REGEXP: /^$/,
      ADD_URI_SAFE_ATTR: MATH_ATTR,
    });
  };
}

/** Sets the kept layout styles through the CSSOM (allowed by the CSP, unlike style attributes). */
export function applyMathStyles(root: ParentNode) {
  for (const el of root.querySelectorAll<HTMLElement | SVGElement>('[data-katex-style]')) {
    for (const [prop, value] of safeDeclarations(el.getAttribute('data-katex-style') ?? ''))
      el.style.setProperty(prop, value);
    el.removeAttribute('data-katex-style');
  }
}
