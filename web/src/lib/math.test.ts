import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
import { createChatRenderer } from './markdown-chat';
import { applyMathStyles, createMathRenderer, safeDeclarations } from './math-render';

const window = new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0];
const renderMarkdown = createChatRenderer(createDOMPurify(window));
const renderMath = createMathRenderer(createDOMPurify(window));

/** A message as the browser shows it: markdown, then every formula typeset, then the math styles. */
function show(source: string) {
  const dom = new JSDOM(`<body>${renderMarkdown(source)}</body>`);
  const body = dom.window.document.body;
  const formulas = [...body.querySelectorAll<HTMLElement>('[data-math]')];
  for (const el of formulas) {
    el.innerHTML = renderMath(el.textContent ?? '', el.getAttribute('data-math') === 'display');
    el.removeAttribute('data-math');
  }
  applyMathStyles(body);
  return { body, formulas: formulas.length };
}

const PAYLOADS = [
  '$$\\href{javascript:alert(1)}{x}$$',
  '\\(\\href{javascript:alert(1)}{click}\\)',
  '$$\\url{javascript:alert(1)}$$',
  '$$\\htmlClass{x" onmouseover="alert(1)}{y}$$',
  '$$\\htmlId{x}{y}$$',
  '$$\\htmlStyle{background:url(javascript:alert(1))}{x}$$',
  '$$\\htmlData{foo=bar}{x}$$',
  '$$\\includegraphics{javascript:alert(1)}$$',
  '$$\\text{<script>alert(1)</script>}$$',
  '$$\\text{<img src=x onerror=alert(1)>}$$',
  '\\(<svg onload=alert(1)>\\)',
  '$$ $$ <img src=x onerror=alert(1)> $$ $$',
  '$$\\($$<script>alert(1)</script>$$\\)$$',
  '\\[\\]\\(<a href="javascript:alert(1)">x</a>\\)',
  '```math\n\\href{javascript:alert(1)}{x}\n```',
  '[$$x$$](javascript:alert(1))',
  '[\\(x\\)](javascript:alert(1))',
  '$$\\def\\a{\\a}\\a$$',
  '$$\\color{red" onclick="alert(1)}{x}$$',
  '$$\\style{color:red}{x}$$',
  '$$\\rule{100000em}{100000em}$$',
  '$$\\mathrm{</span><script>alert(1)</script>}$$',
  '$$x$$<iframe src="javascript:alert(1)">',
  '\\(x\\)<object data="javascript:alert(1)">',
  '$$\\operatorname{<img src=x onerror=alert(1)>}$$',
  '$$\\verb|<script>alert(1)</script>|$$',
  '> $$\\href{javascript:alert(1)}{q}$$',
  '- \\(\\href{javascript:alert(1)}{l}\\)',
  '$$\\textcolor{javascript:alert(1)}{x}$$',
  '$$\\begin{array}{c}\\href{javascript:alert(1)}{x}\\end{array}$$',
  '$$\\raisebox{1em}{<b onmouseover=alert(1)>x</b>}$$',
  '\\[\\char"3C script\\char"3E\\]',
  '$$\\html@mathml{x}{y}$$',
  '$$\\mathbin{\\href{data:text/html,<script>alert(1)</script>}{x}}$$',
  '**$$x$$**<script>alert(1)</script>',
  '$$\\sqrt{x}\\overrightarrow{AB}$$ <style>*{display:none}</style>',
  '\\(\\text{\\(nested\\)}\\)',
  '$$\\unicode{x3C}script$$',
];

describe('math in messages', () => {
  it(`never runs a payload from ${PAYLOADS.length} math and markdown injections`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const payload of PAYLOADS) {
      const { body } = show(payload);
      expect(
        body.querySelectorAll('script, iframe, object, embed, foreignObject, use, image, style, a[href^="j"]')
          .length,
        payload,
      ).toBe(0);
      expect(body.querySelectorAll('img').length, payload).toBe(0);
      for (const el of body.querySelectorAll('*')) {
        for (const attr of el.getAttributeNames()) {
          expect(attr, payload).not.toMatch(/^on/i);
          expect(attr, payload).not.toBe('style-src');
          expect(attr, payload).not.toMatch(/^(?:id|data-katex-style|xlink:href)$/);
          expect(el.getAttribute(attr) ?? '', `${payload} ${attr}`).not.toMatch(/javascript:|data:text/i);
        }
        expect(el.getAttribute('style') ?? '', payload).not.toMatch(/url\(|expression|color/i);
      }
    }
  });

  it('typesets $$…$$, \\(…\\), \\[…\\] and ```math, with MathML for screen readers', () => {
    for (const source of [
      '$$\\frac{a}{b}$$',
      'inline \\(\\frac{a}{b}\\) here',
      '\\[\\frac{a}{b}\\]',
      '```math\n\\frac{a}{b}\n```',
    ]) {
      const { body, formulas } = show(source);
      expect(formulas, source).toBe(1);
      expect(body.querySelector('.katex'), source).not.toBeNull();
      expect(body.querySelector('math semantics annotation[encoding="application/x-tex"]')?.textContent).toBe(
        '\\frac{a}{b}',
      );
      expect(body.querySelector('.katex-mathml')?.getAttribute('aria-hidden'), source).toBeNull();
    }
  });

  it('never takes prices or shell variables for math (math-dollars.test.ts has the rule)', () => {
    for (const source of ['It costs $5 and $10 together', 'echo $HOME $PATH', 'a $$ b', '$ $']) {
      const { body, formulas } = show(source);
      expect(formulas, source).toBe(0);
      expect(body.querySelector('.katex'), source).toBeNull();
      expect(body.textContent, source).toContain('$');
    }
  });

  it('keeps only layout lengths of the styles KaTeX writes', () => {
    expect(
      safeDeclarations('height:1.2em;vertical-align:-0.25em;color:red;background:url(x);top:calc(1em)'),
    ).toEqual([
      ['height', '1.2em'],
      ['vertical-align', '-0.25em'],
    ]);
  });

  it('shows a broken formula as text, not an error', () => {
    const { body } = show('$$\\frac{a}{$$');
    expect(body.textContent).toContain('\\frac{a}{');
  });
});
