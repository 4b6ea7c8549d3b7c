import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PROFILE_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';
import { actionErrorText, passwordDraftProblem, type PasswordDraft } from '../lib/profile-form';

const EMPTY: PasswordDraft = { current: '', next: '', confirm: '' };

/** Current, new and confirm; the button waits for all three (docs/profile.md). */
export function ChangePasswordForm() {
  const [draft, setDraft] = useState<PasswordDraft>(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const change = useChangePassword();
  const incomplete = !draft.current || !draft.next || !draft.confirm;

  const set = (key: keyof PasswordDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setFields({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (incomplete || change.isPending) return;
    const problem = passwordDraftProblem(draft);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await change.mutateAsync({ old_password: draft.current, new_password: draft.next });
      setDraft(EMPTY);
      toast.success(PROFILE_TEXTS.passwordChanged);
    } catch (err) {
      if (err instanceof ApiError) setFields(err.fields);
      toast.error(actionErrorText(err, PROFILE_TEXTS.passwordFailed));
    }
  };

  const passwordField = (
    key: keyof PasswordDraft,
    label: string,
    serverField: string | null,
    autoComplete: string,
  ) => (
    <Field label={label} error={serverField ? fields[serverField] : null}>
      {(ids) => (
        <Input
          {...ids}
          type="password"
          autoComplete={autoComplete}
          value={draft[key]}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Change Password"
      className="flex max-w-md flex-col gap-4"
    >
      {passwordField('current', 'Current password', 'old_password', 'current-password')}
      {passwordField('next', 'New password', 'new_password', 'new-password')}
      {passwordField('confirm', 'Confirm new password', null, 'new-password')}
      <div>
        <Button type="submit" disabled={incomplete || change.isPending} loading={change.isPending}>
          Change Password
        </Button>
      </div>
    </form>
  );
}
