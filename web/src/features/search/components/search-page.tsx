import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { SEARCH_TEXTS } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/api-client';
import { useMessageSearch } from '../api/search-messages';
import { SEARCH_INPUT_ID } from '../hooks/use-search-shortcut';
import { SearchHit } from './search-hit';

function FilterHelp() {
  return (
    <details className="mt-3 text-sm text-muted-fg" open>
      <summary className="cursor-pointer font-medium text-fg">Filters</summary>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {SEARCH_TEXTS.help.map(([syntax, meaning]) => (
          <div key={syntax} className="contents">
            <dt>
              <code className="rounded bg-surface-2 px-1 text-fg">{syntax}</code>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** /search?q=… (docs/search.md): the query lives in the URL, so Back returns to the results. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const search = useMessageSearch(q);
  const hits = search.data?.pages.flatMap((p) => p.results) ?? [];

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={SEARCH_TEXTS.title} />
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
        className="flex gap-2"
      >
        <Input
          id={SEARCH_INPUT_ID}
          type="search"
          autoFocus
          aria-label={SEARCH_TEXTS.placeholder}
          placeholder={`${SEARCH_TEXTS.placeholder} (Ctrl+K)`}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          className="flex-1"
        />
        <Button type="submit">Search</Button>
      </form>
      <FilterHelp />
      <div className="mt-6" aria-live="polite">
        {q === '' ? (
          <p className="text-sm text-muted-fg">{SEARCH_TEXTS.prompt}</p>
        ) : search.isPending ? (
          <Card className="flex flex-col gap-3 p-4" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </Card>
        ) : search.isError ? (
          <ErrorState
            message={errorText(search.error, SEARCH_TEXTS.failed)}
            onRetry={() => void search.refetch()}
            retrying={search.isFetching}
          />
        ) : hits.length === 0 ? (
          <EmptyState icon={SearchX} title={SEARCH_TEXTS.empty} />
        ) : (
          <Card className="overflow-hidden">
            <ul aria-label="Search results" className="divide-y divide-border">
              {hits.map((hit) => (
                <li key={hit.id}>
                  <SearchHit hit={hit} />
                </li>
              ))}
            </ul>
            {search.hasNextPage ? (
              <div className="border-t border-border p-3 text-center">
                <Button
                  variant="secondary"
                  onClick={() => void search.fetchNextPage()}
                  disabled={search.isFetchingNextPage}
                >
                  {SEARCH_TEXTS.loadMore}
                </Button>
              </div>
            ) : null}
          </Card>
        )}
      </div>
    </div>
  );
}
