import { useDeferredValue, useId } from 'react';
import { PARTY_LIMITS, PARTY_TEXTS } from '@studium/protocol';
import { Field, Input } from '../../../components/ui/input';
import { useUserSearch } from '../../users';
import { roomLeft, withTeamSizes, type MemberDraft } from '../lib/party-wizard';
import type { StepProps } from './party-wizard-steps';

const t = PARTY_TEXTS;

/** A teammate's optional username, with suggestions from the user search once 2 characters are typed. */
function UsernameField({
  value,
  error,
  exclude,
  onChange,
}: {
  value: string;
  error?: string;
  exclude: string[];
  onChange: (value: string) => void;
}) {
  const listId = useId();
  const query = useDeferredValue(value.trim());
  // One query key per text typed: a query seen before answers from the cache.
  const search = useUserSearch(query.length >= PARTY_LIMITS.teammateSearchMin ? query : null);
  const skip = new Set(exclude.map((u) => u.toLowerCase()));
  const suggestions = (search.data ?? []).filter((u) => !skip.has(u.toLowerCase()));
  return (
    <Field
      label="Username (optional)"
      error={error}
      hint="If they have an account, they are invited: once they accept, they count and join the group room of a match."
    >
      {(ids) => (
        <>
          <Input
            {...ids}
            list={listId}
            autoComplete="off"
            placeholder="Start typing a username"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <datalist id={listId}>
            {suggestions.map((username) => (
              <option key={username} value={username} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/** Team: how big the group is and wants to be, and who is already in it (you first). */
export function TeamStep({ draft, errors, currentUser, change }: StepProps) {
  const room = roomLeft(draft);
  const setMember = (i: number, field: 'display_name' | 'username', value: string) =>
    change(`members.${i}.${field}`, (d) => ({
      ...d,
      members: d.members.map((m, j): MemberDraft => (j === i ? { ...m, [field]: value } : m)),
    }));
  const size = (field: 'target_size' | 'existing_member_count', label: string, hint: string) => (
    <Field label={label} error={errors[field]} hint={hint}>
      {(ids) => (
        <Input
          {...ids}
          type="number"
          inputMode="numeric"
          min={1}
          max={PARTY_LIMITS.targetSizeMax}
          value={draft[field]}
          onChange={(e) => change(field, (d) => withTeamSizes(d, { [field]: e.target.value }))}
        />
      )}
    </Field>
  );
  const usernames = draft.members.map((m, i) => (i === 0 ? currentUser : m.username.trim())).filter(Boolean);

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        {size('target_size', 'Target group size', 'Everyone, once the group is complete.')}
        {size('existing_member_count', 'People already in group', 'You included.')}
        <Field
          label="Preferred remaining spots"
          error={errors.preferred_complement_size}
          hint={
            room === 0
              ? 'Your group is full.'
              : room === null
                ? 'Set both sizes first.'
                : `0 to ${room}; empty for no preference.`
          }
        >
          {(ids) => (
            <Input
              {...ids}
              type="number"
              inputMode="numeric"
              min={0}
              max={room ?? undefined}
              disabled={!room}
              value={draft.preferred_complement_size}
              onChange={(e) =>
                change('preferred_complement_size', (d) => ({
                  ...d,
                  preferred_complement_size: e.target.value,
                }))
              }
            />
          )}
        </Field>
      </div>
      {errors.members ? <p className="text-sm text-danger-text">{errors.members}</p> : null}
      <ul className="flex flex-col gap-3">
        {draft.members.map((member, i) => (
          <li key={i}>
            <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium text-fg">
                {i === 0 ? 'Teammate 1 (you)' : `Teammate ${i + 1}`}
              </legend>
              <Field label="Display name" error={errors[`members.${i}.display_name`]}>
                {(ids) => (
                  <Input
                    {...ids}
                    value={member.display_name}
                    autoComplete="off"
                    onChange={(e) => setMember(i, 'display_name', e.target.value)}
                  />
                )}
              </Field>
              {i === 0 ? (
                <Field label="Username" error={errors['members.0.username']} hint={t.ownerIsYou(currentUser)}>
                  {(ids) => <Input {...ids} value={currentUser} readOnly aria-readonly="true" />}
                </Field>
              ) : (
                <UsernameField
                  value={member.username}
                  error={errors[`members.${i}.username`]}
                  exclude={usernames}
                  onChange={(value) => setMember(i, 'username', value)}
                />
              )}
            </fieldset>
          </li>
        ))}
      </ul>
    </>
  );
}
