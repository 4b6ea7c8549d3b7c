import { useId, useState, type KeyboardEvent } from 'react';
import { foldName } from '@studium/protocol';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useCourseSearch } from '../api/search-courses';

export interface ComboboxOption {
  value: string;
  label: string;
}

interface CourseComboboxProps {
  /** The ids a `Field` hands its control. */
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  name: string;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
  /** Options besides the courses (the party's hobbies), matched here by their label. */
  extraOptions?: readonly ComboboxOption[];
}

const MAX_OPTIONS = 8;

/**
 * A course field with suggestions (the ARIA combobox pattern): typing a course's name or code
 * ('linear') lists the courses it may mean ('Linear Algebra (math-110)') from `GET /api/courses/`;
 * arrows move through them, Enter or a click picks one (the field then holds its code), Escape
 * closes the list. The list floats over what follows, so closing it moves nothing under the
 * pointer; a full code typed shows no list (it already names its course).
 */
export function CourseCombobox({
  name,
  value,
  placeholder,
  onChange,
  extraOptions = [],
  ...ids
}: CourseComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const courses = useCourseSearch(value, open);

  const typed = foldName(value);
  const options: ComboboxOption[] = typed
    ? [
        ...(courses.data?.courses ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
        ...extraOptions.filter((o) => foldName(`${o.label} ${o.value}`).includes(typed)),
      ].slice(0, MAX_OPTIONS)
    : [];
  // A full code typed already names its course: nothing left to suggest.
  const exact = options.length === 1 && options[0]!.value === value.trim().toLowerCase();
  const shown = open && options.length > 0 && !exact;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const pick = (option: ComboboxOption) => {
    onChange(option.value);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) =>
        i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length,
      );
    } else if (e.key === 'Enter' && shown && active >= 0 && options[active]) {
      // Enter picks the highlighted course; without one it submits the form as usual.
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <Input
        {...ids}
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      {shown ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="absolute top-full right-0 left-0 z-20 mt-1 flex max-h-64 flex-col overflow-y-auto rounded-md border border-border bg-surface py-1 shadow-md"
        >
          {options.map((option, i) => (
            <li
              key={option.value}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the field, so the list is still there when the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(option)}
              className={cn(
                'cursor-pointer px-3 py-1.5 text-sm text-fg hover:bg-surface-2',
                i === active && 'bg-surface-2 font-medium',
              )}
            >
              {option.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
