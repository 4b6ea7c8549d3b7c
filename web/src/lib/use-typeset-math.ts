import { useEffect, type RefObject } from 'react';

/**
 * Typesets the formulas in `ref`'s markup once it is on screen; KaTeX loads on the first one
 * (docs/chat.md). `html` is the markup the element was given: new markup, new formulas.
 */
export function useTypesetMath(ref: RefObject<HTMLElement | null>, html: string | null) {
  useEffect(() => {
    const root = ref.current;
    if (!root || html === null || !root.querySelector('[data-math]')) return;
    let live = true;
    void import('./math').then((m) => {
      if (live) m.typesetMath(root);
    });
    return () => {
      live = false;
    };
  }, [ref, html]);
}
