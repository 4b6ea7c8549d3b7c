import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import { nowIso, toDbBool } from '../db/dialect';
import type { Database } from '../db/schema';
import { hashPassword } from '../features/auth/passwords';
import { publishMessageEvents } from '../features/chat/post-message';
import { createRoom } from '../features/rooms/rooms.service';
import { insertDemoMessages } from './demo-messages';
import { ROOM_TREE, type RoomNode } from './room-tree';

const DEMO_USERS = ['maya', 'jonas', 'lea', 'tariq'] as const;
const WORDS = [
  'maple',
  'river',
  'tiger',
  'cobalt',
  'lemon',
  'orbit',
  'violet',
  'harbor',
  'falcon',
  'pepper',
  'quartz',
  'meadow',
];

/** A memorable random password: three words and four digits (about 50 bits). */
function demoPassword(): string {
  const pick = () => WORDS[randomInt(WORDS.length)];
  return `${pick()}-${pick()}-${pick()}-${randomInt(1000, 10000)}`;
}

async function insertTree(
  trx: Transaction<Database>,
  nodes: RoomNode[],
  parent: { id: number; path: string; depth: number } | null,
  ownerId: number,
  memberIds: number[],
) {
  for (const node of nodes) {
    const path = parent ? `${parent.path}.${node.slug}` : node.slug;
    const depth = parent ? parent.depth + 1 : 0;
    const now = nowIso();
    const members = node.members_only
      ? memberIds.map((userId) => ({
          userId,
          role: userId === ownerId ? ('owner' as const) : ('member' as const),
        }))
      : [];
    const id = await createRoom(
      trx,
      {
        name: node.name,
        slug: node.slug,
        path,
        parent_id: parent?.id ?? null,
        depth,
        kind: 'public',
        topic: node.topic ?? '',
        description: node.description ?? '',
        is_bot_allowed: toDbBool(false),
        is_public_readable: toDbBool(!node.members_only),
        is_write_gated: toDbBool(true),
        owner_id: node.members_only ? ownerId : null,
        last_message_at: null,
        created_at: now,
      },
      members,
    );
    if (node.children) await insertTree(trx, node.children, { id, path, depth }, ownerId, memberIds);
  }
}

/**
 * On an empty database: the room tree of room-tree.json and a few demo accounts with fresh
 * random passwords, returned so the first start can print them. Does nothing otherwise.
 */
export async function seedDemoData(ctx: AppContext): Promise<Array<{ username: string; password: string }>> {
  // The product's own account (made by a migration) does not make a database non-empty.
  const anyUser = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('is_bot', '=', 0)
    .limit(1)
    .executeTakeFirst();
  const anyRoom = await ctx.db.selectFrom('rooms').select('id').limit(1).executeTakeFirst();
  if (anyUser || anyRoom) return [];

  const accounts = DEMO_USERS.map((username) => ({ username, password: demoPassword() }));
  const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));
  const events = await ctx.writer.run(async (trx) => {
    const ids: number[] = [];
    for (const [i, account] of accounts.entries()) {
      const { id } = await trx
        .insertInto('users')
        .values({
          username: account.username,
          username_lower: account.username,
          password_hash: hashes[i]!,
          created_at: nowIso(),
          darkmode_enabled: null,
          last_login_at: null,
          onboarding_completed: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    await insertTree(trx, ROOM_TREE, null, ids[0]!, ids.slice(0, 2));
    return insertDemoMessages(trx, ids, DEMO_USERS);
  });
  // Sent like any message, though nobody can be connected yet.
  for (const event of events) await publishMessageEvents(ctx, event);
  ctx.log.info({ users: accounts.length }, 'seeded demo data');
  return accounts;
}
