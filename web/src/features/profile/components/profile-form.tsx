import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  PROFILE_TEXT_FIELDS,
  PROFILE_TEXTS,
  type OwnProfile,
  type PrivacyFlag,
  type ProfileTextField,
} from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useUpdateProfile } from '../api/update-profile';
import { actionErrorText, draftFromProfile, validateDraft, type ProfileDraft } from '../lib/profile-form';
import { PrivacyToggle } from './privacy-toggle';

const FLAG_OF: Record<ProfileTextField, PrivacyFlag> = {
  studies: 'studies_private',
  profile_blurb: 'profile_blurb_private',
  website: 'website_private',
  languages_spoken: 'languages_spoken_private',
  interests: 'interests_private',
};

const PLACEHOLDERS: Record<ProfileTextField, string> = {
  studies: 'e.g. BSc Computer Science, 2nd year',
  profile_blurb: 'A few words about you and what you are studying',
  website: 'https://…',
  languages_spoken: 'e.g. English, French',
  interests: 'e.g. algorithms, chess, running',
};

const joinedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

interface FieldRowProps {
  label: string;
  flag: PrivacyFlag;
  draft: ProfileDraft;
  setFlag: (flag: PrivacyFlag, value: boolean) => void;
  children: (id: string) => ReactNode;
  footer?: ReactNode;
}

/** One profile field: label, control, and its privacy switch. */
function FieldRow({ label, flag, draft, setFlag, children, footer }: FieldRowProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 border-b border-border pb-5 last:border-b-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <PrivacyToggle label={label} isPrivate={draft[flag]} onChange={(value) => setFlag(flag, value)} />
      </div>
      {children(id)}
      {footer}
    </div>
  );
}

/** The Profile tab: every field with its privacy switch, counters, checks and 'Save Profile'. */
export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const [draft, setDraft] = useState(() => draftFromProfile(profile));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const update = useUpdateProfile();

  const setText = (field: ProfileTextField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const setFlag = (flag: PrivacyFlag, value: boolean) => setDraft((d) => ({ ...d, [flag]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const problems = validateDraft(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = await update.mutateAsync(draft);
      setDraft(draftFromProfile(saved));
      toast.success(PROFILE_TEXTS.updated);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fields);
      toast.error(actionErrorText(err, PROFILE_TEXTS.updateFailed, PROFILE_TEXTS.updateError));
    }
  };

  const textField = (field: ProfileTextField, multiline = false) => {
    const { label, max } = PROFILE_TEXT_FIELDS[field];
    const length = draft[field].length;
    const error = errors[field];
    return (
      <FieldRow
        key={field}
        label={label}
        flag={FLAG_OF[field]}
        draft={draft}
        setFlag={setFlag}
        footer={
          <div className="flex items-start justify-between gap-3">
            <p id={`${field}-error`} className="text-sm text-danger-text">
              {error ?? ''}
            </p>
            <span
              className={cn(
                'shrink-0 text-xs tabular-nums',
                length > max ? 'text-danger-text' : 'text-muted-fg',
              )}
            >
              {length}/{max}
            </span>
          </div>
        }
      >
        {(id) => {
          const common = {
            id,
            name: field,
            value: draft[field],
            placeholder: PLACEHOLDERS[field],
            'aria-invalid': Boolean(error),
            'aria-describedby': error ? `${field}-error` : undefined,
          };
          return multiline ? (
            <Textarea {...common} rows={5} onChange={(e) => setText(field, e.target.value)} />
          ) : (
            <Input
              {...common}
              type={field === 'website' ? 'url' : 'text'}
              onChange={(e) => setText(field, e.target.value)}
            />
          );
        }}
      </FieldRow>
    );
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Profile" className="flex flex-col gap-5">
      {textField('studies')}
      {textField('profile_blurb', true)}
      <FieldRow label="Profile picture" flag="profile_picture_private" draft={draft} setFlag={setFlag}>
        {() => (
          <p className="text-sm text-muted-fg">Who can see your picture. Change it in the Picture tab.</p>
        )}
      </FieldRow>
      {textField('languages_spoken')}
      {textField('interests')}
      {textField('website')}
      <FieldRow label="Joined" flag="join_date_private" draft={draft} setFlag={setFlag}>
        {(id) => (
          <p id={id} className="text-sm text-fg">
            <time dateTime={profile.join_date}>{joinedFormat.format(new Date(profile.join_date))}</time>
          </p>
        )}
      </FieldRow>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending} disabled={update.isPending}>
          {PROFILE_TEXTS.saveProfile}
        </Button>
      </div>
    </form>
  );
}
