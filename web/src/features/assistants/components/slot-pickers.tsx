import { useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { HOBBY_TOPICS, topicLabel, type HobbyTopic } from '@studium/protocol';
import { Input, Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import {
  COMMON_LANGUAGES,
  courseLabel,
  languageLabel,
  searchCourses,
  toggled,
  type CourseCode,
} from '../lib/interview-card';

const chipClasses =
  'inline-flex items-center gap-1 rounded-full border border-border bg-surface-2 py-0.5 pr-1 pl-2.5 text-xs font-medium text-fg';
const removeClasses =
  'rounded-full p-0.5 text-muted-fg hover:bg-surface hover:text-fg focus-visible:outline-2 focus-visible:outline-ring';

/** Chosen values as chips, each with a remove button. */
function Chips<T extends string>({
  values,
  label,
  onRemove,
}: {
  values: readonly T[];
  label: (value: T) => string;
  onRemove: (value: T) => void;
}) {
  if (values.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {values.map((value) => (
        <li key={value} className={chipClasses}>
          {label(value)}
          <button
            type="button"
            className={removeClasses}
            aria-label={`Remove ${label(value)}`}
            onClick={() => onRemove(value)}
          >
            <X aria-hidden="true" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}

interface CoursePickerProps {
  id: string;
  describedBy?: string;
  invalid: boolean;
  courses: readonly CourseCode[];
  names: ReadonlyMap<CourseCode, string>;
  onChange: (courses: CourseCode[]) => void;
}

/** The chosen courses, and a search over the catalogue (code or room name) to add more. */
export function CoursePicker({ id, describedBy, invalid, courses, names, onChange }: CoursePickerProps) {
  const [query, setQuery] = useState('');
  const resultsId = useId();
  const results = searchCourses(query, names, courses);
  return (
    <div className="flex flex-col gap-2">
      <Chips
        values={courses}
        label={(code) => courseLabel(code, names)}
        onRemove={(code) => onChange(courses.filter((c) => c !== code))}
      />
      <Input
        id={id}
        type="search"
        value={query}
        autoComplete="off"
        placeholder="Search a course, e.g. linear algebra"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        aria-controls={resultsId}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul id={resultsId} aria-label="Matching courses" className="flex flex-col gap-1">
        {results.map((code) => (
          <li key={code}>
            <button
              type="button"
              onClick={() => {
                onChange([...courses, code]);
                setQuery('');
              }}
              className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Plus aria-hidden="true" className="size-3.5 text-muted-fg" />
              {courseLabel(code, names)}
            </button>
          </li>
        ))}
        {query.trim() && results.length === 0 ? (
          <li className="px-2 py-1.5 text-sm text-muted-fg">No course matches “{query.trim()}”.</li>
        ) : null}
      </ul>
    </div>
  );
}

interface LanguagePickerProps {
  id: string;
  describedBy?: string;
  invalid: boolean;
  languages: readonly string[];
  onChange: (languages: string[]) => void;
}

/** The chosen languages, and a list of common ones to add. */
export function LanguagePicker({ id, describedBy, invalid, languages, onChange }: LanguagePickerProps) {
  const offered = COMMON_LANGUAGES.filter((code) => !languages.includes(code));
  return (
    <div className="flex flex-col gap-2">
      <Chips
        values={languages}
        label={languageLabel}
        onRemove={(code) => onChange(languages.filter((l) => l !== code))}
      />
      <Select
        id={id}
        value=""
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => e.target.value && onChange([...languages, e.target.value])}
      >
        <option value="">Add a language…</option>
        {offered.map((code) => (
          <option key={code} value={code}>
            {languageLabel(code)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The 32 hobbies as toggle buttons. */
export function HobbyPicker({
  hobbies,
  onChange,
}: {
  hobbies: readonly HobbyTopic[];
  onChange: (hobbies: HobbyTopic[]) => void;
}) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {HOBBY_TOPICS.map((hobby) => {
        const on = hobbies.includes(hobby);
        return (
          <li key={hobby}>
            <button
              type="button"
              aria-pressed={on}
              onClick={() => onChange(toggled(hobbies, hobby))}
              className={cn(
                'rounded-full border px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                on
                  ? 'border-accent bg-accent-soft text-accent-text'
                  : 'border-border bg-surface text-muted-fg hover:text-fg',
              )}
            >
              {topicLabel(hobby)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
