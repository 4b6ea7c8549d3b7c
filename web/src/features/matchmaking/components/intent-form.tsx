import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  courseOptionLabel,
  MATCHMAKING_TEXTS,
  MODALITIES,
  normalizeLanguages,
  resolveCourse,
  type TutoringRole,
} from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSaveIntent } from '../api/save-intent';
import { CourseCombobox } from './course-combobox';
import {
  INTENT_LIMITS,
  MODALITY_LABELS,
  normalizeDraft,
  PREF_FIELDS,
  PREF_WEIGHTS,
  validateDraft,
  type DraftErrors,
  type DraftField,
  type IntentDraft,
  type PrefField,
} from '../lib/intent-form';

const t = MATCHMAKING_TEXTS;

const PREF_LABELS: Record<PrefField, string> = {
  campus: 'Same campus',
  languages: 'Shared languages',
  modality: 'Same modality',
  availability: 'Matching availability',
};

/** Which course the field names so far, or how to name one. */
function courseHint(typed: string): string {
  const code = resolveCourse(typed);
  return code
    ? `Course: ${courseOptionLabel(code)}`
    : "A course's name or code, e.g. linear algebra or cs-101.";
}

const WEIGHT_LABELS = ['0: ignore', '1: nice to have', '2: important', '3: very important'];

interface IntentFormProps {
  role: TutoringRole;
  mode: 'create' | 'replace';
  initial: IntentDraft;
  /** After a successful save. */
  onSaved?: () => void;
  onCancel?: () => void;
}

/** The Tutoring tab: hard filters, 'About you' and soft preferences; create or replace. */
export function IntentForm({ role, mode, initial, onSaved, onCancel }: IntentFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useSaveIntent(role);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by a failed save: the first field in error then comes into view and takes focus.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [failures]);
  const fail = (problems: DraftErrors) => {
    setErrors(problems);
    setFailures((n) => n + 1);
  };

  const set = (field: DraftField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const setPref = (field: PrefField, value: number) =>
    setDraft((d) => ({ ...d, prefs: { ...d.prefs, [field]: value } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const problems = validateDraft(draft, role);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      fail(problems);
      toast.error(t.saveFailed);
      return;
    }
    try {
      await save.mutateAsync({ mode, ...normalizeDraft(draft, role) });
      toast.success(mode === 'create' ? t.created : t.intentSaved);
      onSaved?.();
    } catch (err) {
      if (err instanceof ApiError) fail(err.fields as DraftErrors);
      toast.error(t.saveFailed, { description: errorText(err, '') || undefined });
    }
  };

  const text = (
    field: DraftField,
    label: string,
    options: { placeholder?: string; max?: number; hint?: string } = {},
  ) => (
    <Field label={label} error={errors[field]} hint={options.hint}>
      {(ids) => (
        <Input
          {...ids}
          name={field}
          value={draft[field]}
          maxLength={options.max}
          placeholder={options.placeholder}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );

  const count = (field: 'capacity' | 'ttl_days', label: string, hint: string) => (
    <Field label={label} error={errors[field]} hint={hint}>
      {(ids) => (
        <Input
          {...ids}
          name={field}
          type="number"
          inputMode="numeric"
          min={INTENT_LIMITS[field].min}
          max={INTENT_LIMITS[field].max}
          value={draft[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );

  const languagesPreview = normalizeLanguages(draft.languages);

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={mode === 'create' ? 'New intent' : 'Edit intent'}
      className="flex flex-col gap-6"
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold text-fg">Filters</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Course" error={errors.course_code} hint={courseHint(draft.course_code)}>
            {(ids) => (
              <CourseCombobox
                {...ids}
                name="course_code"
                value={draft.course_code}
                placeholder="e.g. linear algebra or cs-101"
                onChange={(value) => set('course_code', value)}
              />
            )}
          </Field>
          <Field label="Modality" error={errors.modality}>
            {(ids) => (
              <Select
                {...ids}
                name="modality"
                value={draft.modality}
                onChange={(e) => set('modality', e.target.value)}
              >
                <option value="">Choose a modality</option>
                {MODALITIES.map((m) => (
                  <option key={m} value={m}>
                    {MODALITY_LABELS[m]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {text('campus', 'Campus', { placeholder: 'e.g. main campus', max: INTENT_LIMITS.campus })}
          {text('languages', 'Languages', {
            placeholder: 'e.g. English, French',
            max: INTENT_LIMITS.languages,
            hint: languagesPreview ? `Saved as: ${languagesPreview}` : 'A comma-separated list.',
          })}
          {text('location_hint', 'Location', {
            placeholder: 'e.g. library, 2nd floor',
            max: INTENT_LIMITS.location_hint,
          })}
          {text('topic', 'Topic', { placeholder: 'e.g. recursion', max: INTENT_LIMITS.topic })}
          {role === 'tutor' ? count('capacity', 'Capacity', 'How many students you can take.') : null}
          {count('ttl_days', 'Days active', 'The intent expires after this many days.')}
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold text-fg">About you</legend>
        <Field label="Pitch" error={errors.pitch} hint={`${draft.pitch.length}/${INTENT_LIMITS.pitch}`}>
          {(ids) => (
            <Textarea
              {...ids}
              name="pitch"
              maxLength={INTENT_LIMITS.pitch}
              value={draft.pitch}
              placeholder={role === 'tutor' ? 'What you can help with' : 'What you need help with'}
              onChange={(e) => set('pitch', e.target.value)}
            />
          )}
        </Field>
        {text('availability', 'Availability', {
          placeholder: 'e.g. weekday evenings',
          max: INTENT_LIMITS.availability,
        })}
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-sm font-semibold text-fg">Soft preferences</legend>
        <p className="text-xs text-muted-fg">How much each one counts when we rank matches (0 ignores it).</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {PREF_FIELDS.map((field) => (
            <Field key={field} label={PREF_LABELS[field]}>
              {(ids) => (
                <Select
                  {...ids}
                  name={`pref-${field}`}
                  value={String(draft.prefs[field])}
                  onChange={(e) => setPref(field, Number(e.target.value))}
                >
                  {PREF_WEIGHTS.map((w) => (
                    <option key={w} value={w}>
                      {WEIGHT_LABELS[w]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={save.isPending} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : mode === 'create' ? 'Create intent' : 'Save intent'}
        </Button>
      </div>
    </form>
  );
}
