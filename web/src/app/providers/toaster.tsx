import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DEFAULTS } from '@studium/protocol';
import { useTheme } from './theme-provider';

/** sonner with the spec's defaults (§9), following the app theme. */
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
      hotkey={[...TOAST_DEFAULTS.hotkey]}
      closeButton
    />
  );
}
