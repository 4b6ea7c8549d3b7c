import { useEffect, useRef, useState } from 'react';
import { useTypesetMath } from '../../lib/use-typeset-math';

/**
 * Whether the text may hold a formula: a delimiter, or two dollars on a line with a character
 * right after the first (the renderer decides whether they are math, lib/math-dollars.ts).
 */
const MAY_HAVE_MATH = /\$\$|\\\(|\\\[|\$[^\s$][^\n]*\$/;

/**
 * Text that may hold formulas (a profile blurb): shown as it is, and typeset once the renderer
 * has loaded when it has math (docs/chat.md). Without a delimiter nothing more loads.
 */
export function MathText({ text }: { text: string }) {
  const withMath = MAY_HAVE_MATH.test(text);
  // The rendering of the text it was made from: a changed text shows as text until rendered again.
  const [rendered, setRendered] = useState<{ text: string; html: string } | null>(null);
  const html = withMath && rendered?.text === text ? rendered.html : null;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!withMath) return;
    let live = true;
    void import('../../lib/markdown').then((m) => {
      if (live) setRendered({ text, html: m.renderMathText(text) });
    });
    return () => {
      live = false;
    };
  }, [text, withMath]);
  useTypesetMath(ref, html);
  if (html === null) return <span className="whitespace-pre-wrap">{text}</span>;
  // Sanitized: text and formula placeholders only (renderMathText).
  return <div ref={ref} className="whitespace-pre-wrap" dangerouslySetInnerHTML={{ __html: html }} />;
}
