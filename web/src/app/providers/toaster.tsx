import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DEFAULTS } from '@studium/protocol';
import { useMediaQuery } from '../../lib/use-media-query';
import { useTheme } from './theme-provider';

/**
 * sonner with the app's toast defaults, on phones too (sonner's own phone offset is 16 px),
 * following the app theme. The 20 px swipe threshold has no option: web/vite.config.ts patches it.
 */
const ABOVE_COMPOSER = `calc(${TOAST_DEFAULTS.offsetPx}px + var(--composer-height, 0px))`;
const sides = (px: number) => ({ top: px, right: px, left: px });

// Phones: a toast at the bottom sits where the focused field is while the keyboard is open, so
// there toasts come from the top, over the navbar (docs/chat.md).
const PHONE = '(max-width: 639px)';

export function Toaster() {
  const { isDark } = useTheme();
  const phone = useMediaQuery(PHONE, false);
  return (
    <SonnerToaster
      theme={isDark ? 'dark' : 'light'}
      position={phone ? 'top-center' : TOAST_DEFAULTS.position}
      duration={TOAST_DEFAULTS.durationMs}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      gap={TOAST_DEFAULTS.gapPx}
      // Above the chat composer while one is on screen (it sets --composer-height), so a toast
      // never covers Send (docs/chat.md).
      offset={{ ...sides(TOAST_DEFAULTS.offsetPx), bottom: ABOVE_COMPOSER }}
      mobileOffset={{ ...sides(TOAST_DEFAULTS.offsetPx), bottom: ABOVE_COMPOSER }}
      hotkey={[...TOAST_DEFAULTS.hotkey]}
      closeButton
    />
  );
}
