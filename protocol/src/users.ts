import { z } from 'zod';
import { CHAT_LIMITS, LIMITS } from './limits';
import { CHAT_TEXTS } from './texts';

/** `GET /api/users/search/?q=`: at least 2 characters (docs/chat.md, mentions). */
export const userSearchQuery = z.object({
  q: z
    .string({ error: CHAT_TEXTS.chat.searchTooShort })
    .trim()
    .min(LIMITS.userSearchMin, CHAT_TEXTS.chat.searchTooShort)
    .max(CHAT_LIMITS.userSearchQueryMax),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

export const userSearchResult = z.object({ username: z.string() });
export type UserSearchResult = z.infer<typeof userSearchResult>;

export const userSearchResponse = z.object({ results: z.array(userSearchResult) });
export type UserSearchResponse = z.infer<typeof userSearchResponse>;
