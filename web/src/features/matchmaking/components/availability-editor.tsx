import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { WEEKDAYS, type Weekday } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/input';
import { WEEKDAY_LABELS } from '../lib/party-display';
import { newBlock, type BlockDraft } from '../lib/party-wizard';

interface AvailabilityEditorProps {
  title: string;
  description: string;
  blocks: BlockDraft[];
  /** Errors keyed by field path: `availability` and `availability.{i}.{day|start|end}`. */
  errors: Record<string, string | undefined>;
  /** How many blocks may be added. */
  max: number;
  /** The new list, with the path of the field the change touched (its error can be forgotten). */
  onChange: (path: string, blocks: BlockDraft[]) => void;
}

/**
 * Weekly time blocks (day, start, end): add, edit, remove. Used by the party wizard and the
 * interview card; the row lays out by the editor's own width (a container query), not the screen's.
 */
export function AvailabilityEditor({
  title,
  description,
  blocks,
  errors,
  max,
  onChange,
}: AvailabilityEditorProps) {
  const headingId = useId();
  const setBlock = (i: number, field: keyof BlockDraft, value: string) =>
    onChange(
      `availability.${i}.${field}`,
      blocks.map((b, j) => (j === i ? { ...b, [field]: value } : b)),
    );
  const remove = (i: number) =>
    onChange(
      'availability',
      blocks.filter((_, j) => j !== i),
    );
  const add = () => onChange('availability', [...blocks, newBlock()]);
  const full = blocks.length >= max;

  return (
    <section aria-labelledby={headingId} className="@container flex flex-col gap-3">
      <div>
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          {title}
        </h4>
        <p className="text-xs text-muted-fg">{description}</p>
      </div>
      {errors.availability ? <p className="text-sm text-danger-text">{errors.availability}</p> : null}
      {blocks.length ? (
        <ul className="flex flex-col gap-3">
          {blocks.map((block, i) => (
            <li key={i}>
              <fieldset className="grid grid-cols-[1fr_1fr_auto] items-start gap-3 rounded-lg border border-border p-3 @lg:grid-cols-[1fr_1fr_1fr_auto]">
                <legend className="px-1 text-xs font-medium text-muted-fg">Time block {i + 1}</legend>
                <Field
                  label="Day"
                  error={errors[`availability.${i}.day`]}
                  className="col-span-3 @lg:col-span-1"
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
                  className="mt-6"
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
