import { useId, type ReactNode } from 'react';
import { Moon } from 'lucide-react';
import { BLOCKS_TEXTS, EXPORT_TEXTS, SESSIONS_TEXTS } from '@studium/protocol';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { ExportPanel } from '../../export';
import { BlockedUsersList } from '../../blocks';
import { PresenceSwitch } from '../../presence';
import { SessionsList } from '../../sessions';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountDialog } from './delete-account-dialog';

interface SettingsPanelProps {
  username: string;
  isDark: boolean;
  setDark: (enabled: boolean) => void;
  onAccountDeleted: () => void;
  /** The Assistants section's content (the route gives the assistants' consent switch). */
  assistantsSettings: ReactNode;
}

function Section({ title, children, danger }: { title: string; children: ReactNode; danger?: boolean }) {
  return (
    <Card className={danger ? 'border-danger' : undefined}>
      <CardHeader>
        <CardTitle className={danger ? 'text-danger-text' : undefined}>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The Settings tab: dark mode, presence, the assistants' reading consent, Change Password, Sessions,
 * Export my data, blocked and muted users, and the Danger Zone.
 */
export function SettingsPanel({
  username,
  isDark,
  setDark,
  onAccountDeleted,
  assistantsSettings,
}: SettingsPanelProps) {
  const darkId = useId();
  return (
    <div className="flex flex-col gap-4">
      <Section title="Appearance">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={darkId} className="flex items-center gap-2">
            <Moon aria-hidden="true" className="size-4" />
            Dark mode
          </Label>
          <Switch id={darkId} checked={isDark} onCheckedChange={setDark} />
        </div>
      </Section>
      <Section title="Privacy">
        <PresenceSwitch />
      </Section>
      <Section title="Assistants">{assistantsSettings}</Section>
      <Section title="Change Password">
        <ChangePasswordForm />
      </Section>
      <Section title={SESSIONS_TEXTS.title}>
        <SessionsList />
      </Section>
      <Section title={EXPORT_TEXTS.title}>
        <ExportPanel />
      </Section>
      <Section title={BLOCKS_TEXTS.settingsTitle}>
        <BlockedUsersList />
      </Section>
      <Section title="Danger Zone" danger>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-fg">
            Deleting your account erases your profile, picture, reactions and memberships. Your messages stay
            as &lsquo;deleted user&rsquo; with their text removed.
          </p>
          <DeleteAccountDialog username={username} onDeleted={onAccountDeleted} />
        </div>
      </Section>
    </div>
  );
}
