import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Save, Sparkles } from 'lucide-react';
import { MODALITIES, type InterviewConfirmResponse } from '@studium/protocol';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { AvailabilityEditor, MODALITY_LABELS } from '../../matchmaking';
import {
  INTERVIEW_ROLES,
  ROLE_LABELS,
  SLOT_LABELS,
  hasContent,
  isEmptyField,
  missingSlots,
  otherErrors,
  type CardField,
  type CourseCode,
  type InterviewDraft,
} from '../lib/interview-card';
import { CoursePicker, HobbyPicker, LanguagePicker } from './slot-pickers';

/** Weekly blocks the card keeps (the confirm call's bound). */
const AVAILABILITY_MAX = 21;

interface SlotProps {
  field: CardField;
  draft: InterviewDraft;
  error?: string;
  /** A group of controls (fieldset + legend) rather than one labelled control. */
  group?: boolean;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

/** One field of the card: its label, a 'Missing' mark while empty, its error. */
function Slot({ field, draft, error, group, children }: SlotProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const empty = field !== 'studies' && isEmptyField(draft, field);
  const head = (
    <span className="flex items-center gap-2 text-sm font-medium text-fg">
      {SLOT_LABELS[field]}
      {empty ? <Badge tone="neutral">Missing</Badge> : null}
    </span>
  );
  const body = (
    <>
      {children({ id, describedBy: error ? errorId : undefined, invalid: Boolean(error) })}
      {error ? (
        <p id={errorId} className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </>
  );
  return group ? (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5">{head}</legend>
      {body}
    </fieldset>
  ) : (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id}>{head}</label>
      {body}
    </div>
  );
}

interface InterviewCardProps {
  draft: InterviewDraft;
  errors: Record<string, string>;
  courseNames: ReadonlyMap<CourseCode, string>;
  saving: boolean;
  saved: InterviewConfirmResponse | null;
  onChange: (field: CardField, draft: InterviewDraft, errorPath?: string) => void;
  onSave: () => void;
}

/** 'What I understood': every slot of the interview, editable, and 'Save to my profile'. */
export function InterviewCard(props: InterviewCardProps) {
  const { draft, errors, courseNames, saving, saved, onChange, onSave } = props;
  const missing = missingSlots(draft);
  const general = otherErrors(errors);
  const set = <K extends CardField>(field: K, value: InterviewDraft[K]) =>
    onChange(field, { ...draft, [field]: value });

  return (
    <section
      aria-labelledby="understood-title"
      className="flex flex-col gap-5 rounded-xl border border-border bg-surface p-5"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="understood-title" className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles aria-hidden="true" className="size-4 text-accent-text" />
          What I understood
        </h2>
        <span className="text-xs text-muted-fg" aria-live="polite">
          {missing.length === 0 ? 'Everything is filled in' : `${missing.length} still missing`}
        </span>
      </header>
      <p className="-mt-3 text-sm text-muted-fg">
        Filled in from your answers. Change anything; nothing is saved until you press Save.
      </p>
      {general.length ? (
        <ul role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger-text">
          {general.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}

      <Slot field="studies" draft={draft} error={errors.studies}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            value={draft.studies}
            maxLength={200}
            placeholder="e.g. second year Computer Science"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set('studies', e.target.value)}
          />
        )}
      </Slot>
      <Slot field="courses" draft={draft} error={errors.courses}>
        {({ id, describedBy, invalid }) => (
          <CoursePicker
            id={id}
            describedBy={describedBy}
            invalid={invalid}
            courses={draft.courses}
            names={courseNames}
            onChange={(courses) => set('courses', courses)}
          />
        )}
      </Slot>
      <Slot field="role" draft={draft} error={errors.role} group>
        {() => (
          <div className="flex flex-col gap-1.5">
            {INTERVIEW_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="radio"
                  name="interview-role"
                  value={role}
                  checked={draft.role === role}
                  onChange={() => set('role', role)}
                  className="size-4 accent-accent"
                />
                {ROLE_LABELS[role]}
              </label>
            ))}
          </div>
        )}
      </Slot>
      <Slot field="languages" draft={draft} error={errors.languages}>
        {({ id, describedBy, invalid }) => (
          <LanguagePicker
            id={id}
            describedBy={describedBy}
            invalid={invalid}
            languages={draft.languages}
            onChange={(languages) => set('languages', languages)}
          />
        )}
      </Slot>
      <Slot field="modality" draft={draft} error={errors.modality}>
        {({ id, describedBy, invalid }) => (
          <Select
            id={id}
            value={draft.modality}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set('modality', e.target.value as InterviewDraft['modality'])}
          >
            <option value="">Not given</option>
            {MODALITIES.map((m) => (
              <option key={m} value={m}>
                {MODALITY_LABELS[m]}
              </option>
            ))}
          </Select>
        )}
      </Slot>
      <div className="flex flex-col gap-1.5">
        {isEmptyField(draft, 'availability') ? (
          <Badge tone="neutral" className="self-start">
            Availability missing
          </Badge>
        ) : null}
        <AvailabilityEditor
          title={SLOT_LABELS.availability}
          description="When you are free each week."
          blocks={draft.availability}
          errors={errors}
          max={AVAILABILITY_MAX}
          onChange={(path, availability) => onChange('availability', { ...draft, availability }, path)}
        />
      </div>
      <Slot field="hobbies" draft={draft} error={errors.hobbies} group>
        {() => <HobbyPicker hobbies={draft.hobbies} onChange={(hobbies) => set('hobbies', hobbies)} />}
      </Slot>
      <Slot field="campus" draft={draft} error={errors.campus}>
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            value={draft.campus}
            maxLength={80}
            placeholder="e.g. north campus"
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => set('campus', e.target.value)}
          />
        )}
      </Slot>

      <div className="flex flex-col gap-3 border-t border-border pt-4">
        <Button onClick={onSave} loading={saving} disabled={saving || !hasContent(draft)}>
          {saving ? null : <Save aria-hidden="true" className="size-4" />}
          Save to my profile
        </Button>
        {hasContent(draft) ? null : (
          <p className="text-xs text-muted-fg">Answer a question or fill in a field first.</p>
        )}
        {saved ? <SavedLinks saved={saved} /> : null}
      </div>
    </section>
  );
}

/** After a save: where the answers went. */
function SavedLinks({ saved }: { saved: InterviewConfirmResponse }) {
  const matchmaking = saved.intent_role
    ? `${paths.matchmake.href()}?tab=tutoring&role=${saved.intent_role}`
    : `${paths.matchmake.href()}?tab=group`;
  const showMatchmaking = saved.intent_role !== null || saved.party_saved;
  return (
    <div role="status" className="flex flex-col gap-2 rounded-md bg-accent-soft p-3 text-sm text-fg">
      <p className="flex items-center gap-2 font-medium">
        <CheckCircle2 aria-hidden="true" className="size-4 text-success-text" />
        Saved. See it in place:
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.profile.href()} className={buttonClasses('secondary', 'sm')}>
          Your profile
        </Link>
        {showMatchmaking ? (
          <Link to={matchmaking} className={buttonClasses('secondary', 'sm')}>
            {saved.intent_role ? 'Your tutoring intent' : 'Your study group draft'}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
