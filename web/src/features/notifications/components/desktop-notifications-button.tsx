import { useState } from 'react';
import { BellRing, BellOff } from 'lucide-react';
import { NOTIFICATION_PAGE_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { desktopPermission, requestDesktopPermission, type DesktopPermission } from '../lib/desktop';

/** Offers desktop notifications; the browser asks only after this click, never on its own. */
export function DesktopNotificationsButton() {
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-fg">
        <BellRing aria-hidden="true" className="size-4" />
        {NOTIFICATION_PAGE_TEXTS.desktopEnabled}
      </p>
    );
  }
  if (permission === 'denied') {
    return (
      <p className="flex items-center gap-1.5 text-sm text-muted-fg">
        <BellOff aria-hidden="true" className="size-4" />
        {NOTIFICATION_PAGE_TEXTS.desktopDenied}
      </p>
    );
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void requestDesktopPermission().then(setPermission, () => undefined)}
    >
      <BellRing aria-hidden="true" className="size-4" />
      {NOTIFICATION_PAGE_TEXTS.enableDesktop}
    </Button>
  );
}
