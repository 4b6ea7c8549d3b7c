import { useDeferredValue, useId } from 'react';
import { Search } from 'lucide-react';
import { CHAT_TEXTS, LIMITS } from '@studium/protocol';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useUserSearch } from '../../users';

interface UserPickerProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Usernames never offered (yourself, those already picked). */
  exclude: readonly string[];
  onPick: (username: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A user search (from 2 characters, GET /api/users/search/) with its results as buttons. */
export function UserPicker({ query, onQueryChange, exclude, onPick, disabled, autoFocus }: UserPickerProps) {
  const id = useId();
  const deferred = useDeferredValue(query.trim());
  const search = useUserSearch(deferred.length >= LIMITS.userSearchMin ? deferred : null);
  const skip = new Set(exclude.map((u) => u.toLowerCase()));
  const results = (search.data ?? []).filter((u) => !skip.has(u.toLowerCase()));
  const tooShort = query.trim().length < LIMITS.userSearchMin;

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        Find a user
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-fg"
        />
        <Input
          id={id}
          type="search"
          autoComplete="off"
          autoFocus={autoFocus}
          placeholder="Username"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          className="pl-9"
        />
      </div>
      <div aria-live="polite" className="min-h-10">
        {tooShort ? (
          <p className="text-sm text-muted-fg">{CHAT_TEXTS.chat.searchTooShort}</p>
        ) : search.isFetching && !search.data ? (
          <Spinner size="sm" label="Searching users" />
        ) : search.isError ? (
          <p className="text-sm text-danger-text">Search failed. Please try again.</p>
        ) : results.length === 0 ? (
          <p className="text-sm text-muted-fg">No users found</p>
        ) : (
          <ul aria-label="Users found" className="flex max-h-56 flex-col gap-1 overflow-y-auto">
            {results.map((username) => (
              <li key={username}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onPick(username)}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                >
                  {username}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
