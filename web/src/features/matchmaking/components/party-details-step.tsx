import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { normalizeLanguages, PARTY_LIMITS, WEEKDAYS, type Weekday } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { WEEKDAY_LABELS } from '../lib/party-display';
import { newBlock, type BlockDraft, type WizardErrors } from '../lib/party-wizard';
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
      <AvailabilityEditor blocks={draft.availability} errors={errors} change={change} />
    </>
  );
}

function AvailabilityEditor({
  blocks,
  errors,
  change,
}: {
  blocks: BlockDraft[];
  errors: WizardErrors;
  change: StepProps['change'];
}) {
  const headingId = useId();
  const setBlock = (i: number, field: keyof BlockDraft, value: string) =>
    change(`availability.${i}.${field}`, (d) => ({
      ...d,
      availability: d.availability.map((b, j) => (j === i ? { ...b, [field]: value } : b)),
    }));
  const remove = (i: number) =>
    change('availability', (d) => ({ ...d, availability: d.availability.filter((_, j) => j !== i) }));
  const add = () => change('availability', (d) => ({ ...d, availability: [...d.availability, newBlock()] }));
  const full = blocks.length >= PARTY_LIMITS.availabilityBlocksMax;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          Team availability
        </h4>
        <p className="text-xs text-muted-fg">
          Weekly times the whole group is free; matches show the times you share.
        </p>
      </div>
      {errors.availability ? <p className="text-sm text-danger-text">{errors.availability}</p> : null}
      {blocks.length ? (
        <ul className="flex flex-col gap-3">
          {blocks.map((block, i) => (
            <li key={i}>
              <fieldset className="grid grid-cols-2 items-start gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
                <legend className="px-1 text-xs font-medium text-muted-fg">Time block {i + 1}</legend>
                <Field
                  label="Day"
                  error={errors[`availability.${i}.day`]}
                  className="col-span-2 sm:col-span-1"
                >
                  {(ids) => (
                    <Select
                      {...ids}
                      value={block.day}
                      onChange={(e) => setBlock(i, 'day', e.target.value as Weekday)}
                    >
                      {WEEKDAYS.map((day) => (
                        <option key={day} value={day}>
                          {WEEKDAY_LABELS[day]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field label="Start" error={errors[`availability.${i}.start`]}>
                  {(ids) => (
                    <Input
                      {...ids}
                      type="time"
                      value={block.start}
                      onChange={(e) => setBlock(i, 'start', e.target.value)}
                    />
                  )}
                </Field>
                <Field label="End" error={errors[`availability.${i}.end`]}>
                  {(ids) => (
                    <Input
                      {...ids}
                      type="time"
                      value={block.end}
                      onChange={(e) => setBlock(i, 'end', e.target.value)}
                    />
                  )}
                </Field>
                <Button
                  variant="ghost"
                  size="icon"
                  className="sm:mt-6"
                  aria-label={`Remove time block ${i + 1}`}
                  onClick={() => remove(i)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </fieldset>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-fg">No times yet.</p>
      )}
      <div>
        <Button variant="secondary" size="sm" onClick={add} disabled={full}>
          <Plus aria-hidden="true" className="size-4" />
          Add time block
        </Button>
      </div>
    </section>
  );
}
