import { normalizeLanguages, PARTY_LIMITS } from '@studium/protocol';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { AvailabilityEditor } from './availability-editor';
import { counter, type StepProps } from './party-wizard-steps';

type TextField = 'pitch' | 'campus' | 'languages' | 'location_hint';

/** Details: what others read about the group, and when it is free each week. */
export function DetailsStep({ draft, errors, change }: StepProps) {
  const set = (field: TextField, value: string) => change(field, (d) => ({ ...d, [field]: value }));
  const text = (field: TextField, label: string, placeholder: string, hint?: string) => (
    <Field label={label} error={errors[field]} hint={hint}>
      {(ids) => (
        <Input
          {...ids}
          name={field}
          value={draft[field]}
          placeholder={placeholder}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );
  const languages = normalizeLanguages(draft.languages);
  return (
    <>
      <Field label="Public pitch" error={errors.pitch} hint={counter(draft.pitch, PARTY_LIMITS.pitchMax)}>
        {(ids) => (
          <Textarea
            {...ids}
            name="pitch"
            value={draft.pitch}
            placeholder="What the group wants to do together"
            onChange={(e) => set('pitch', e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('campus', 'Campus', 'e.g. north campus')}
        {text(
          'languages',
          'Languages',
          'e.g. English, French',
          languages ? `Saved as: ${languages}` : 'A comma-separated list.',
        )}
        {text('location_hint', 'Location hint', 'e.g. library, 2nd floor')}
      </div>
      <AvailabilityEditor
        title="Team availability"
        description="Weekly times the whole group is free; matches show the times you share."
        blocks={draft.availability}
        errors={errors}
        max={PARTY_LIMITS.availabilityBlocksMax}
        onChange={(path, availability) => change(path, (d) => ({ ...d, availability }))}
      />
    </>
  );
}
