import 'katex/dist/katex.min.css';
import createDOMPurify from 'dompurify';
import { applyMathStyles, createMathRenderer } from './math-render';

// Loaded only when something on screen has math: KaTeX, its style sheet and fonts come with it.
const render = createMathRenderer(createDOMPurify(window));

/** Typesets the formulas (`[data-math]` placeholders of markdown-math.ts) inside `root`. */
export function typesetMath(root: HTMLElement) {
  for (const el of root.querySelectorAll<HTMLElement>('[data-math]')) {
    const kind = el.getAttribute('data-math');
    el.innerHTML = render(el.textContent ?? '', kind === 'display');
    el.removeAttribute('data-math');
    el.setAttribute('data-typeset', kind ?? 'inline');
  }
  applyMathStyles(root);
}
