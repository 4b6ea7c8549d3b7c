import {
  HOBBY_TOPICS,
  PARTY_LIMITS,
  PARTY_MODALITIES,
  PARTY_TEXTS,
  STUDY_LEVELS,
  topicCategory,
  topicLabel,
  type PartyModality,
  type StudyLevel,
} from '@studium/protocol';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { MODALITY_LABELS, STUDY_LEVEL_LABELS } from '../lib/party-display';
import { CourseCombobox } from './course-combobox';
import { withTopic, type MemberDraft, type PartyDraft, type WizardErrors } from '../lib/party-wizard';

const t = PARTY_TEXTS;

export interface StepProps {
  draft: PartyDraft;
  errors: WizardErrors;
  currentUser: string;
  /** Applies a change to the draft and forgets the error of the field path it touched. */
  change: (path: string, update: (draft: PartyDraft) => PartyDraft) => void;
}

/** A text's length against its bound, as a hint. */
export const counter = (text: string, max: number) => `${text.length}/${max}`;

const HOBBY_OPTIONS = HOBBY_TOPICS.map((h) => ({ value: h, label: topicLabel(h) }));

/** Topic: one of the suggestions; a course also asks how the group meets. */
export function TopicStep({ draft, errors, change }: StepProps) {
  const category = draft.topic_key.trim() ? topicCategory(draft.topic_key) : null;
  return (
    <>
      <Field
        label="Topic"
        error={errors.topic_key}
        hint="A course (its name or code, e.g. linear algebra or cs-101), or a hobby such as running."
      >
        {(ids) => (
          <CourseCombobox
            {...ids}
            name="topic_key"
            placeholder="Start typing a course or a hobby"
            value={draft.topic_key}
            extraOptions={HOBBY_OPTIONS}
            onChange={(value) => change('topic_key', (d) => withTopic(d, value))}
          />
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
