import { ASSISTANT_LIMITS, type DiscoverResponse } from '@studium/protocol';
import type { AppContext, CurrentUser } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import * as policy from '../rooms/rooms.policy';
import { enforceAssistantRate } from './assistants.service';
import { presentDiscoveredRoom } from './assistants.presenter';
import * as repo from './assistants.repository';
import { loadEngine } from './engine/load';
import type { RoomIndex } from './engine/room-index';
import type { RoomDoc, RoomHit } from './engine/types';

/**
 * Every tree room as the discovery index sees it, and which of them the user may read and is a
 * member of. The index holds every tree room (their names and descriptions are listed to everyone
 * in the tree, members-only rooms included); what a user is shown is filtered by the rooms' own
 * read rule after ranking.
 */
async function treeRoomDocs(db: Executor, user: CurrentUser) {
  const rows = await repo.listTreeRoomsFor(db, user.id, nowIso());
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pathOf = (room: (typeof rows)[number]) => {
    const names: string[] = [];
    for (
      let r: (typeof rows)[number] | undefined = room;
      r && names.length < 16;
      r = r.parent_id === null ? undefined : byId.get(r.parent_id)
    )
      names.unshift(r.name);
    return names.join(' › ');
  };
  const docs: RoomDoc[] = [];
  const readable = new Set<number>();
  const members = new Set<number>();
  for (const row of rows) {
    const membership = policy.membershipOf(row.member_role, row.ban_id);
    if (policy.canRead(user, row, membership)) readable.add(row.id);
    if (row.member_role) members.add(row.id);
    docs.push({
      id: row.id,
      name: row.name,
      path: pathOf(row),
      slug: row.slug,
      description: row.description,
      topic: row.topic,
    });
  }
  return { docs, readable, members };
}

/**
 * The index is built once and kept until a tree room is created, renamed, moved, described or
 * removed. Building it takes tens of milliseconds at a thousand rooms, reading the rooms about one:
 * so each request reads the rooms (it needs the user's memberships anyway) and compares their
 * indexed text with what the kept index was built from. That also sees a change made by another
 * server process, with no event to miss (docs/assistants.md, "Discovery").
 */
class DiscoveryIndex {
  private built: { key: string; index: RoomIndex } | null = null;
  private building: Promise<{ key: string; index: RoomIndex }> | null = null;
  /** How many times the index was built (read by tests). */
  builds = 0;

  async of(docs: RoomDoc[]): Promise<RoomIndex> {
    const key = docs
      .map((d) => `${d.id}\u0001${d.slug}\u0001${d.path}\u0001${d.topic}\u0001${d.description}`)
      .join('\u0002');
    if (this.built?.key === key) return this.built.index;
    // Concurrent requests after a change wait for one build instead of each building their own.
    if (!this.building) {
      this.building = loadEngine()
        .then(({ RoomIndex }) => {
          this.builds++;
          return { key, index: new RoomIndex(docs) };
        })
        .finally(() => (this.building = null));
    }
    const built = await this.building;
    if (built.key === key) this.built = built;
    return built.key === key ? built.index : this.of(docs);
  }
}

/** One index per database (tests run several servers in one process). */
const indexes = new WeakMap<object, DiscoveryIndex>();
export function discoveryIndexOf(db: Executor): DiscoveryIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new DiscoveryIndex()));
  return index;
}

/** The rooms that fit a request in the user's own words, best first; only rooms the user may read. */
export async function searchRooms(
  ctx: AppContext,
  user: CurrentUser,
  query: string,
): Promise<{ hits: RoomHit[]; members: Set<number> }> {
  const [{ docs, readable, members }, context] = await Promise.all([
    treeRoomDocs(ctx.db, user),
    repo.findProfileContext(ctx.db, user.id),
  ]);
  const index = await discoveryIndexOf(ctx.db).of(docs);
  const hits = index.search(query, {
    context,
    limit: ASSISTANT_LIMITS.discoverResults,
    accept: (room) => readable.has(room.id),
  });
  return { hits, members };
}

/** `GET /api/assistants/discover/?q=`. */
export async function discoverRooms(
  ctx: AppContext,
  user: CurrentUser,
  query: string,
): Promise<DiscoverResponse> {
  await enforceAssistantRate(ctx, user);
  const { hits, members } = await searchRooms(ctx, user, query);
  return { rooms: hits.map((hit) => presentDiscoveredRoom(hit, members.has(hit.room.id))) };
}
