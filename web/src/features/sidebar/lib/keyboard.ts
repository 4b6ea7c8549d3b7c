import type { KeyboardEvent } from 'react';

/** Marks the rows and section toggles the arrow keys move between. */
export const NAV_ITEM = 'data-sidebar-item';

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => Math.min(i + 1, n - 1),
  ArrowUp: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * Arrow keys (and Home/End) move the focus between the sidebar's toggles and rows, top to bottom;
 * Enter is the focused link's or button's own.
 */
export function moveSidebarFocus(event: KeyboardEvent<HTMLElement>): void {
  const move = MOVES[event.key];
  if (!move) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${NAV_ITEM}]`)];
  if (items.length === 0) return;
  event.preventDefault();
  const index = items.findIndex((item) => item === document.activeElement);
  items[index < 0 ? 0 : move(index, items.length)]?.focus();
}
