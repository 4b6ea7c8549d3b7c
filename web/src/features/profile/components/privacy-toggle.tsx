import { useId } from 'react';
import { Globe, Lock } from 'lucide-react';
import { PROFILE_TEXTS } from '@studium/protocol';
import { Switch } from '../../../components/ui/switch';

interface PrivacyToggleProps {
  /** The field's name, for the switch's accessible name. */
  label: string;
  isPrivate: boolean;
  onChange: (isPrivate: boolean) => void;
  disabled?: boolean;
}

/** The per-field 'private' switch with its lock / globe hint. */
export function PrivacyToggle({ label, isPrivate, onChange, disabled }: PrivacyToggleProps) {
  const hintId = useId();
  const Icon = isPrivate ? Lock : Globe;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={isPrivate}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-label={`Keep ${label} private`}
        aria-describedby={hintId}
      />
      <span id={hintId} className="flex items-center gap-1 text-xs text-muted-fg">
        <Icon aria-hidden="true" className="size-3.5" />
        {isPrivate ? PROFILE_TEXTS.privateHint : PROFILE_TEXTS.publicHint}
      </span>
    </div>
  );
}
