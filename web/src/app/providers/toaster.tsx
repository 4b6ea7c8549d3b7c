import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DEFAULTS } from '@studium/protocol';
import { useTheme } from './theme-provider';

/**
 * sonner with the app's toast defaults, on phones too (sonner's own phone offset is 16 px),
 * following the app theme. The 20 px swipe threshold has no option: web/vite.config.ts patches it.
 */
export function Toaster() {
  const { isDark } = useTheme();
  return (
    <SonnerToaster
      theme={isDark ? 'dark' : 'light'}
      position={TOAST_DEFAULTS.position}
      duration={TOAST_DEFAULTS.durationMs}
      visibleToasts={TOAST_DEFAULTS.visibleToasts}
      gap={TOAST_DEFAULTS.gapPx}
      offset={TOAST_DEFAULTS.offsetPx}
      mobileOffset={TOAST_DEFAULTS.offsetPx}
      hotkey={[...TOAST_DEFAULTS.hotkey]}
      closeButton
    />
  );
}
