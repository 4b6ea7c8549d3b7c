import { DM_PAGE_TEXTS } from '@studium/protocol';
import { plainTextPreview } from '../../../lib/plain-text';
import type { Conversation } from '../types';

export type SectionKey = 'direct' | 'group';

function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Newest timestamp first, entries without a timestamp last (stable otherwise). */
export function sortConversations(list: readonly Conversation[]): Conversation[] {
  return list
    .map((c, index) => ({ c, index, t: timeOf(c.timestamp) }))
    .sort((a, b) => {
      if (a.t === null && b.t === null) return a.index - b.index;
      if (a.t === null) return 1;
      if (b.t === null) return -1;
      return b.t - a.t || a.index - b.index;
    })
    .map(({ c }) => c);
}

/** The row title: the other user, or 'name · StudyRoom' for a group. */
export function conversationTitle(c: Conversation): string {
  if (c.kind === 'group') return `${c.group_name?.trim() || 'Group'} · ${DM_PAGE_TEXTS.groupSuffix}`;
  return c.other_user?.trim() || 'Unknown user';
}

/**
 * The last message, else the fallback texts (docs/dms.md). A room without messages holds no
 * mention: its unread notification is being added to it, so it reads as a new conversation.
 */
export function conversationPreview(c: Conversation): string {
  const last = plainTextPreview(c.last_message ?? '');
  if (last) return last;
  return c.kind === 'group' ? DM_PAGE_TEXTS.noMessagesGroup : DM_PAGE_TEXTS.noMessagesDirect;
}

/** Case-insensitive search over the user's or the group's name, and a group's members' usernames. */
export function matchesQuery(c: Conversation, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const name = c.kind === 'group' ? c.group_name : c.other_user;
  return [name ?? '', ...(c.members ?? [])].some((n) => n.toLowerCase().includes(q));
}

export interface ConversationSections {
  searching: boolean;
  /** Every match, newest first: the one list a search shows. */
  matches: Conversation[];
  direct: Conversation[];
  group: Conversation[];
  /** Matches of the search (all conversations when not searching). */
  total: number;
}

/** Sorted, filtered and split into the page's two sections (direct, group). */
export function buildSections(list: readonly Conversation[], query: string): ConversationSections {
  const searching = query.trim() !== '';
  const matches = sortConversations(list).filter((c) => matchesQuery(c, query));
  const direct = matches.filter((c) => c.kind !== 'group');
  const group = matches.filter((c) => c.kind === 'group');
  return { searching, matches, direct, group, total: matches.length };
}
