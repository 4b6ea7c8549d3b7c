import {
  DELETED_USERNAME,
  SEARCH_LIMITS,
  looksLikeQuestion,
  matchNames,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
  type SimilarResponse,
} from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import type { Executor } from '../../db/schema';
import { enforceRate } from '../../lib/rate-limiter';
import { listHiddenAuthors } from '../blocks/blocks.service';
import * as policy from '../rooms/rooms.policy';
import { getReadableRoom } from '../rooms/rooms.service';
import { foldWord, highlightRanges, parseSearch, questionTerms, type Term } from './search.query';
import { catchUpSearchIndex } from './search.backlog';
import { rankWindow } from './search.rank';
import * as repo from './search.repository';

type RoomInfo = { id: number; name: string; path: string };

/** Every room the user may read, by the rooms' own read rule (docs/rooms.md). */
export async function readableRooms(db: Executor, user: CurrentUser): Promise<Map<number, RoomInfo>> {
  const rows = await repo.listCandidateRooms(db, user.id, new Date().toISOString());
  const rooms = new Map<number, RoomInfo>();
  for (const { member_role: role, ban_id: banId, ...room } of rows)
    if (policy.canRead(user, room, policy.membershipOf(role, banId)))
      rooms.set(room.id, { id: room.id, name: room.name, path: room.path });
  return rooms;
}

/**
 * The rooms `in:` names, among those the user may read (docs/search.md): by name, path or code
 * ('MATH-110 Linear Algebra', 'science.mathematics.math-110', 'math-110'), exactly; else by a
 * word start ('linear algebra', 'linear'); else by a part ('algebra' is both algebra courses).
 */
function roomsNamed(typed: string, rooms: RoomInfo[]): RoomInfo[] {
  return (
    matchNames(typed, rooms, (r) => [r.name, r.path, r.path.slice(r.path.lastIndexOf('.') + 1)])?.items ?? []
  );
}

/** The hits in order, each marked `hidden` when its author is one the searcher blocked or muted. */
async function present(
  db: Executor,
  user: CurrentUser,
  ids: number[],
  rooms: Map<number, RoomInfo>,
  terms: Term[],
): Promise<SearchResult[]> {
  const rows = new Map((await repo.findResultRows(db, ids)).map((r) => [r.id, r]));
  const hidden = await listHiddenAuthors(
    db,
    user.id,
    [...rows.values()].map((r) => r.user_id),
  );
  return ids.flatMap((id) => {
    const row = rows.get(id);
    const room = row && rooms.get(row.room_id);
    if (!row || !room) return [];
    return [
      {
        id: row.id,
        username: row.username ?? DELETED_USERNAME,
        message: row.content,
        timestamp: row.created_at,
        room,
        highlight: highlightRanges(row.content, terms),
        hidden: (row.user_id !== null && hidden.get(row.user_id)) || null,
      },
    ];
  });
}

const emptyAnswer: SearchResponse = { results: [], has_more: false, next_before: null };

/** One bucket per user for both kinds of search: each reads a window of messages. */
const limitSearches = (ctx: AppContext, user: CurrentUser) =>
  enforceRate(ctx.limiter, `search:user:${user.id}`, ctx.config.rateLimits.search);

/**
 * Message search over every room the user may read (docs/search.md): the most recent matches
 * are ranked a window at a time, best first, newer first among equals; the cursor names the
 * window's upper id and the position reached in its ranking.
 */
export async function searchMessages(
  ctx: AppContext,
  user: CurrentUser,
  query: SearchQuery,
): Promise<SearchResponse> {
  await limitSearches(ctx, user);
  await catchUpSearchIndex(ctx);
  const db = ctx.db;
  const parsed = parseSearch(query.q);
  const rooms = await readableRooms(db, user);
  let roomIds = [...rooms.keys()];
  if (parsed.in !== undefined) roomIds = roomsNamed(parsed.in, [...rooms.values()]).map((r) => r.id);
  let userId: number | undefined;
  if (parsed.from !== undefined) {
    userId = await repo.findUserIdByName(db, parsed.from);
    if (userId === undefined) return emptyAnswer;
  }
  if (roomIds.length === 0) return emptyAnswer;

  const latest = await repo.maxMessageId(db);
  let upper = latest;
  let offset = 0;
  if (query.before) {
    const [u, o] = query.before.split('.').map(Number) as [number, number];
    upper = Math.min(u, latest);
    offset = o;
  }
  if (parsed.before !== undefined)
    upper = Math.min(upper, (await repo.firstIdAtOrAfter(db, parsed.before, latest)) - 1);
  const minId = parsed.after !== undefined ? await repo.firstIdAtOrAfter(db, parsed.after, latest) : 1;

  const page: number[] = [];
  let next: string | null = null;
  // A page spans three windows at most (sparse filters); it may then be short, with more to load.
  for (let round = 0; round < 3 && page.length < query.limit && upper >= minId; round++) {
    const { rows, floor } = await repo.findWindow(db, {
      terms: parsed.terms,
      sparse: userId !== undefined || parsed.in !== undefined,
      roomIds,
      userId,
      maxId: upper,
      minId,
      before: parsed.before,
      after: parsed.after,
      size: SEARCH_LIMITS.window,
    });
    const ranked = rankWindow(rows, parsed.terms);
    const taken = ranked.slice(offset, offset + query.limit - page.length);
    page.push(...taken.map((r) => r.id));
    const reached = offset + taken.length;
    if (reached < ranked.length) {
      next = `${upper}.${reached}`;
      break;
    }
    // The window's lowest id: below it lie older matches, unless the walk found them all.
    const below = rows.length === SEARCH_LIMITS.window ? rows[rows.length - 1]!.id : floor;
    if (below === undefined) {
      next = null;
      break;
    }
    upper = below - 1;
    offset = 0;
    next = upper >= minId ? `${upper}.0` : null;
  }
  return {
    results: await present(db, user, page, rooms, parsed.terms),
    has_more: next !== null,
    next_before: next,
  };
}

// Candidates ranked for similar questions: the most recent ones sharing two words with the draft.
const SIMILAR_WINDOW = 500;

/**
 * Up to three earlier messages of a course room that look like the draft question: they share
 * two of its words at least, and half of them; never the asker's own; best first (docs/search.md).
 */
export async function findSimilar(
  ctx: AppContext,
  user: CurrentUser,
  ref: string,
  q: string,
): Promise<SimilarResponse> {
  await limitSearches(ctx, user);
  const { room } = await getReadableRoom(ctx.db, user, ref);
  if (room.kind !== 'public' || !looksLikeQuestion(q)) return { results: [] };
  const terms = questionTerms(q);
  if (terms.length < 2) return { results: [] };
  await catchUpSearchIndex(ctx);
  const { rows } = await repo.findWindow(ctx.db, {
    terms,
    mode: 'pairs',
    roomIds: [room.id],
    notUserId: user.id,
    maxId: await repo.maxMessageId(ctx.db),
    size: SIMILAR_WINDOW,
  });
  const ranked = rankWindow(rows, terms).slice(0, 30);
  const rooms = new Map([[room.id, { id: room.id, name: room.name, path: room.path }]]);
  const needed = Math.max(2, Math.ceil(terms.length / 2));
  const draft = q.trim();
  const results = (
    await present(
      ctx.db,
      user,
      ranked.map((r) => r.id),
      rooms,
      terms,
    )
  ).filter((r) => {
    if (r.message.trim() === draft) return false;
    const words = new Set((r.message.match(/[\p{L}\p{N}]+/gu) ?? []).map(foldWord));
    return terms.filter((t) => t.kind === 'word' && words.has(t.norm)).length >= needed;
  });
  return { results: results.slice(0, SEARCH_LIMITS.similarMax) };
}
