import { useEffect, type RefObject } from 'react';

/**
 * Publishes the composer's height as `--composer-height` while it is on screen, so toasts rise
 * above it and never cover Send (docs/chat.md).
 */
export function useComposerHeight(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = root.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const style = document.documentElement.style;
    const observer = new ResizeObserver(() => style.setProperty('--composer-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      style.removeProperty('--composer-height');
    };
  }, [root]);
}
