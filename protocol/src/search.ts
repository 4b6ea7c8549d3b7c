import { z } from 'zod';
import { hiddenReason } from './blocks';

/** Bounds of message search (docs/search.md). */
export const SEARCH_LIMITS = {
  queryMax: 200,
  pageDefault: 20,
  pageMax: 50,
  /** Words and phrases in one query. */
  termsMax: 8,
  /** Characters before a `*` (a prefix term). */
  prefixMin: 2,
  /** Matches ranked together: the most recent ones first, then the next window on paging. */
  window: 1000,
  /** Earlier questions offered beside the composer. */
  similarMax: 3,
  /** Words a question needs before similar questions are looked up (or it ends with '?'). */
  similarMinWords: 4,
} as const;

/** The product's texts of search. */
export const SEARCH_TEXTS = {
  title: 'Search messages',
  placeholder: 'Search messages',
  empty: 'No messages match your search.',
  prompt: 'Type words to search for, or use the filters below.',
  failed: 'Search failed. Try again.',
  loadMore: 'Load more',
  help: [
    ['from:username', 'messages by one person'],
    ['in:room', 'messages in one room (quote names with spaces: in:"Linear Algebra")'],
    ['before:YYYY-MM-DD', 'messages sent before that day'],
    ['after:YYYY-MM-DD', 'messages sent after that day'],
    ['"exact phrase"', 'words next to each other'],
    ['word*', 'words starting with it (2 letters at least)'],
  ] as const,
  similarTitle: 'Already answered?',
  similarDismiss: 'Dismiss',
  errors: {
    empty: 'Type words to search for, or add a from: or in: filter.',
    tooLong: `Search at most ${SEARCH_LIMITS.queryMax} characters.`,
    tooManyTerms: `Search at most ${SEARCH_LIMITS.termsMax} words and phrases.`,
    shortPrefix: `Put at least ${SEARCH_LIMITS.prefixMin} letters before a *.`,
    badDate: 'Write dates as YYYY-MM-DD, e.g. before:2025-03-01.',
    repeatedFilter: 'Use each filter (from:, in:, before:, after:) once.',
    emptyFilter: 'Give the filter a value, e.g. from:alice.',
    unclosedQuote: 'Close the quoted phrase with a second ".',
    badCursor: 'This page of results has expired. Search again.',
  },
} as const;

export const searchQuery = z.object({
  q: z.string().max(SEARCH_LIMITS.queryMax, SEARCH_TEXTS.errors.tooLong).default(''),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.pageMax).default(SEARCH_LIMITS.pageDefault),
  /** The opaque `next_before` of the previous page. */
  before: z
    .string()
    .regex(/^\d{1,15}\.\d{1,6}$/, SEARCH_TEXTS.errors.badCursor)
    .optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** [start, end) character ranges of `message` that matched a word or phrase of the query. */
export const searchHighlight = z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)]));

export const searchResult = z.object({
  id: z.number().int(),
  username: z.string(),
  message: z.string(),
  timestamp: z.string(),
  room: z.object({ id: z.number().int(), name: z.string(), path: z.string() }),
  highlight: searchHighlight,
  /** The author is one the searcher blocked or muted: the hit shows collapsed, as in the room. */
  hidden: hiddenReason.nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchResponse = z.object({
  results: z.array(searchResult),
  has_more: z.boolean(),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const similarQuery = z.object({
  q: z.string().max(2000).default(''),
});
export type SimilarQuery = z.infer<typeof similarQuery>;

export const similarResponse = z.object({
  results: z.array(searchResult).max(SEARCH_LIMITS.similarMax),
});
export type SimilarResponse = z.infer<typeof similarResponse>;

/** Whether a draft looks like a question worth looking up ('Already answered?'). */
export function looksLikeQuestion(draft: string): boolean {
  const text = draft.trim();
  if (text.length < 8) return false;
  return text.endsWith('?') || text.split(/\s+/).length >= SEARCH_LIMITS.similarMinWords;
}
