import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import {
  normalizeLanguages,
  PARTY_LIMITS,
  PARTY_MODALITIES,
  PARTY_TEXTS,
  PARTY_TOPICS,
  STUDY_LEVELS,
  topicCategory,
  topicLabel,
  WEEKDAYS,
  type PartyModality,
  type StudyLevel,
  type Weekday,
} from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import {
  MODALITY_LABELS,
  newBlock,
  STUDY_LEVEL_LABELS,
  WEEKDAY_LABELS,
  withTopic,
  type BlockDraft,
  type MemberDraft,
  type PartyDraft,
  type WizardErrors,
} from '../lib/party-wizard';

const t = PARTY_TEXTS;

export interface StepProps {
  draft: PartyDraft;
  errors: WizardErrors;
  currentUser: string;
  /** Applies a change to the draft and forgets the error of the field path it touched. */
  change: (path: string, update: (draft: PartyDraft) => PartyDraft) => void;
}

/** A text's length against its bound, as a hint. */
const counter = (text: string, max: number) => `${text.length}/${max}`;

/** Topic: one of the suggestions; a course also asks how the group meets. */
export function TopicStep({ draft, errors, change }: StepProps) {
  const listId = useId();
  const category = draft.topic_key.trim() ? topicCategory(draft.topic_key) : null;
  return (
    <>
      <Field
        label="Topic"
        error={errors.topic_key}
        hint="A course code such as cs-101, or a hobby such as running."
      >
        {(ids) => (
          <>
            <Input
              {...ids}
              name="topic_key"
              list={listId}
              autoComplete="off"
              placeholder="Start typing a course or a hobby"
              value={draft.topic_key}
              onChange={(e) => change('topic_key', (d) => withTopic(d, e.target.value))}
            />
            <datalist id={listId}>
              {PARTY_TOPICS.map((key) => (
                <option key={key} value={key} label={topicLabel(key)} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      {category === 'hobby' ? <p className="text-sm text-muted-fg">{t.hobbyHint}</p> : null}
      {category === 'course' ? (
        <Field label="Preferred modality" error={errors.modality} hint="Leave it open if any way suits you.">
          {(ids) => (
            <Select
              {...ids}
              name="modality"
              value={draft.modality}
              onChange={(e) =>
                change('modality', (d) => ({ ...d, modality: e.target.value as PartyModality | '' }))
              }
            >
              <option value="">No preference</option>
              {PARTY_MODALITIES.map((m) => (
                <option key={m} value={m}>
                  {MODALITY_LABELS[m]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
    </>
  );
}

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

/** Profiles: each teammate's stage of study, grades and a few words. */
export function ProfilesStep({ draft, errors, change }: StepProps) {
  const setMember = (i: number, field: 'study_level' | 'grades' | 'blurb', value: string) =>
    change(`members.${i}.prefs.${field}`, (d) => ({
      ...d,
      members: d.members.map((m, j): MemberDraft => (j === i ? { ...m, [field]: value } : m)),
    }));
  return (
    <ul className="flex flex-col gap-4">
      {draft.members.map((member, i) => {
        const at = (field: string) => errors[`members.${i}.prefs.${field}`];
        const name = member.display_name.trim() || `Teammate ${i + 1}`;
        return (
          <li key={i}>
            <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
              <legend className="px-1 text-sm font-medium text-fg">{i === 0 ? `${name} (you)` : name}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Study level" error={at('study_level')}>
                  {(ids) => (
                    <Select
                      {...ids}
                      value={member.study_level}
                      onChange={(e) => setMember(i, 'study_level', e.target.value as StudyLevel | '')}
                    >
                      <option value="">Not given</option>
                      {STUDY_LEVELS.map((level) => (
                        <option key={level} value={level}>
                          {STUDY_LEVEL_LABELS[level]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field
                  label="Grades"
                  error={at('grades')}
                  hint={counter(member.grades, PARTY_LIMITS.gradesMax)}
                >
                  {(ids) => (
                    <Input
                      {...ids}
                      value={member.grades}
                      placeholder="e.g. mostly A and B"
                      onChange={(e) => setMember(i, 'grades', e.target.value)}
                    />
                  )}
                </Field>
              </div>
              <Field
                label="Personal blurb"
                error={at('blurb')}
                hint={counter(member.blurb, PARTY_LIMITS.memberBlurbMax)}
              >
                {(ids) => (
                  <Textarea
                    {...ids}
                    value={member.blurb}
                    placeholder="What they bring to the group"
                    onChange={(e) => setMember(i, 'blurb', e.target.value)}
                  />
                )}
              </Field>
            </fieldset>
          </li>
        );
      })}
    </ul>
  );
}
