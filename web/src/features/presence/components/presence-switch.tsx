import { Eye } from 'lucide-react';
import { PRESENCE_TEXTS } from '@studium/protocol';
import { SettingsSwitch } from '../../../components/ui/settings-switch';
import { usePresenceSettings, useSetPresenceSettings } from '../api/presence-settings';

/** Settings: 'Show when I'm online and typing' (docs/presence.md). */
export function PresenceSwitch() {
  const query = usePresenceSettings();
  const mutation = useSetPresenceSettings();
  return (
    <SettingsSwitch
      query={query}
      isOn={(settings) => settings.show_presence}
      mutation={mutation}
      icon={Eye}
      label={PRESENCE_TEXTS.settingLabel}
      help={PRESENCE_TEXTS.settingHint}
      savedText={() => PRESENCE_TEXTS.saved}
      saveFailedText={PRESENCE_TEXTS.saveFailed}
    />
  );
}
