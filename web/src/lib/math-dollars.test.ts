import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import createDOMPurify from 'dompurify';
import { createChatRenderer } from './markdown-chat';
import MarkdownIt from 'markdown-it';
import { installMath } from './markdown-math';

const window = new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0];
const render = createChatRenderer(createDOMPurify(window));

/** The TeX of every inline formula the message would typeset. */
function inlineFormulas(source: string): string[] {
  const body = new JSDOM(`<body>${render(source)}</body>`).window.document.body;
  return [...body.querySelectorAll('[data-math="inline"]')].map((el) => el.textContent ?? '');
}

describe('$…$ inline math (docs/chat.md, "Math")', () => {
  it.each([
    ['$x^2$', ['x^2']],
    ['$x$', ['x']],
    ['Solve $x^2 = 4$ for x', ['x^2 = 4']],
    ['the $n$th term', ['n']],
    ['$\\frac{a}{b}$.', ['\\frac{a}{b}']],
    ['($x$)', ['x']],
    ['$2x + 1$', ['2x + 1']],
    ['$a$ and $b$', ['a', 'b']],
    ['**$x$** in bold', ['x']],
    ['- $x$ in a list', ['x']],
    ['> $x$ in a quote', ['x']],
    ['$\\$5$ is a dollar sign inside', ['\\$5']],
    ['it costs $5 and $x^2$ is math', ['x^2']],
    ['$\\alpha,\\beta$', ['\\alpha,\\beta']],
    ['end of a sentence $e^{i\\pi}$!', ['e^{i\\pi}']],
  ])('%s is math', (source, formulas) => {
    expect(inlineFormulas(source)).toEqual(formulas);
  });

  it.each([
    'it costs $5 and $10',
    'between $5 and $10.',
    'Prices: $5 and $10 together',
    '$5-$10',
    '$5–$10',
    '$5/$10 a month',
    '$5,$10 or $20',
    '$5 + $5 = $10',
    'Pay $20 (or $15 with a discount)',
    'costs $5.99 + $1.50 shipping',
    '$1,000 or $2,000',
    'US$5 and US$10',
    '5$ and 10$',
    'echo $HOME $PATH',
    'echo $HOME and $PATH',
    'a $ b $ c',
    '$ x$',
    '$x $',
    '$x',
    '$',
    'a $$ b',
    '$ $',
    '$$x$',
    'one $5\nand next line 10$',
    '`$x$` in code',
    '```\n$x^2$\n```',
    '\\$x\\$ escaped',
    'x$y$',
    '$x$5',
  ])('%s stays text', (source) => {
    expect(inlineFormulas(source)).toEqual([]);
    expect(new JSDOM(render(source)).window.document.body.textContent).toContain('$');
  });

  it('leaves a formula longer than the limit as text', () => {
    expect(inlineFormulas(`$${'x'.repeat(1001)}$`)).toEqual([]);
    expect(inlineFormulas(`$${'x'.repeat(1000)}$`)).toHaveLength(1);
  });

  it('applies to profile blurbs too (their renderer has only the math rules)', () => {
    const blurb = new MarkdownIt('zero').use(installMath);
    expect(blurb.render('I like $x^2$, not $5 and $10')).toContain('data-math="inline">x^2</span>');
    expect(blurb.render('It costs $5 and $10')).not.toContain('data-math');
  });
});
