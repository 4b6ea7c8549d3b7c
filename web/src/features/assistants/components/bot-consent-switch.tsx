import { Bot } from 'lucide-react';
import { ASSISTANT_TEXTS } from '@studium/protocol';
import { SettingsSwitch } from '../../../components/ui/settings-switch';
import { useBotConsent, useSetBotConsent } from '../api/bot-consent';

/** Settings: whether bots may read the user's messages (docs/assistants.md, privacy). */
export function BotConsentSwitch() {
  const query = useBotConsent();
  const mutation = useSetBotConsent();
  return (
    <SettingsSwitch
      query={query}
      isOn={(consent) => consent.bots_may_read}
      mutation={mutation}
      icon={Bot}
      label={ASSISTANT_TEXTS.consentLabel}
      help={ASSISTANT_TEXTS.consentHelp}
      savedText={(on) => (on ? 'Bots may read your messages' : 'Bots will not read your messages')}
      saveFailedText="Could not save this setting"
    />
  );
}
