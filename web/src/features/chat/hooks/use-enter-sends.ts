import { useMediaQuery } from '../../../lib/use-media-query';

/**
 * Phones and tablets: the primary pointer is a finger (docs/chat.md, "The composer"). The width is
 * not asked: a narrow desktop window still has a keyboard whose Enter should send.
 */
const TOUCH_FIRST = '(pointer: coarse)';

/** Whether Enter sends (desktop) or makes a new line, leaving sending to the button (touch first). */
export function useEnterSends(): boolean {
  return !useMediaQuery(TOUCH_FIRST, false);
}
