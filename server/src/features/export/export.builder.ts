import { groupBy } from '../../lib/group-by';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { nowIso } from '../../db/dialect';
import type { Executor, Room } from '../../db/schema';
import { canSeeNotification, namesActor } from '../notifications/notifications.policy';
import { canRead, membershipOf } from '../rooms/rooms.policy';
import { deviceName } from '../sessions/device-name';
import * as data from './export-data.repository';

/** Messages read per query: small enough that no single read holds the event loop for long. */
const MESSAGE_PAGE = 500;
/** Bytes given to the compressor at a time, with a turn of the event loop between pieces. */
const ZIP_CHUNK = 256 * 1024;

/** Lets other requests run between two steps of an export. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ExportFile {
  name: string;
  content: Uint8Array;
}

const json = (name: string, value: unknown): ExportFile => ({
  name,
  content: new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`),
});
const bool = (value: number | null | undefined) =>
  value === null || value === undefined ? null : value === 1;
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The columns of a row's room that its read rule needs (`roomReadColumns` of the repository). */
interface RoomReadColumns {
  room_kind: Room['kind'] | null;
  is_public_readable: number | null;
  is_write_gated: number | null;
  owner_id: number | null;
  member_role: 'owner' | 'member' | null;
  ban_id: number | null;
}

/** Whether the user may read the row's room now (false for a row without a room). */
function readsRoomNow(userId: number, row: RoomReadColumns): boolean {
  if (row.room_kind === null) return false;
  const room = {
    kind: row.room_kind,
    is_public_readable: row.is_public_readable ?? 0,
    is_write_gated: row.is_write_gated ?? 1,
    owner_id: row.owner_id,
  };
  return canRead({ id: userId }, room, membershipOf(row.member_role, row.ban_id));
}

/** The row without the columns its room's read rule needed: they are no data of the user's. */
function withoutReadColumns<T extends RoomReadColumns>(row: T): Omit<T, keyof RoomReadColumns> {
  const {
    room_kind: _k,
    is_public_readable: _p,
    is_write_gated: _w,
    owner_id: _o,
    member_role: _m,
    ban_id: _b,
    ...rest
  } = row;
  return rest;
}

/**
 * The row with its room's name only while the user may read the room: a conversation renamed
 * after they left, or were removed or banned, stays unnamed, as its notifications do
 * (docs/export.md).
 */
function withReadableRoomName<T extends RoomReadColumns & { room_name: string | null }>(
  userId: number,
  row: T,
) {
  return { ...withoutReadColumns(row), room_name: readsRoomNow(userId, row) ? row.room_name : null };
}

/**
 * A notification as the user may see it now (docs/notifications.md): one of a room they may no
 * longer read keeps only its kind and times.
 */
function exportedNotification(
  userId: number,
  row: Awaited<ReturnType<typeof data.listNotifications>>[number],
) {
  const shown = withoutReadColumns(row);
  const rest = namesActor(row.kind) ? shown : { ...shown, actor_username: null };
  const canSee =
    row.room_id === null ? canSeeNotification({ id: userId }, null, undefined) : readsRoomNow(userId, row);
  if (canSee) return rest;
  return { ...rest, room_id: null, room_name: null, message_id: null, actor_username: null, text: '' };
}

const PICTURE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A file the user attached to a message: what it is, and a read of its bytes. */
export interface AttachedFile {
  meta: { id: string; name: string } & Record<string, unknown>;
  read: () => Promise<Uint8Array | null>;
}

/**
 * Gathers the user's data into files, one step at a time: `onProgress` gets the share done
 * (0–1) after each step, and the event loop turns between steps (docs/export.md).
 */
export async function gatherExportFiles(
  db: Executor,
  userId: number,
  productName: string,
  onProgress: (share: number) => Promise<void>,
  attachments: () => Promise<AttachedFile[]> = async () => [],
): Promise<ExportFile[]> {
  const messageCount = await data.countMessages(db, userId);
  const now = nowIso();
  const otherSteps: Array<() => Promise<ExportFile[]>> = [
    () => accountFiles(db, userId),
    () => roomFiles(db, userId),
    async () => [
      json('reactions.json', {
        reactions: (await data.listGivenReactions(db, userId, now)).map((r) =>
          withReadableRoomName(userId, r),
        ),
      }),
    ],
    async () => [
      json('notifications.json', {
        notifications: (await data.listNotifications(db, userId, now)).map((n) =>
          exportedNotification(userId, n),
        ),
      }),
    ],
    async () => [json('blocks.json', { blocks_and_mutes: await data.listBlocks(db, userId) })],
    async () => [
      json('moderation.json', {
        reports_made: await data.listReportsMade(db, userId),
        bans_received: await data.listBansReceived(db, userId),
      }),
    ],
    () => matchmakingFiles(db, userId),
    () => sessionFiles(db, userId),
    () => attachmentFiles(attachments),
  ];
  const total = otherSteps.length + Math.ceil(messageCount / MESSAGE_PAGE) + 1;
  let done = 0;
  const step = async () => {
    done += 1;
    await onProgress(Math.min(1, done / total));
    await yieldToOthers();
  };

  const files: ExportFile[] = [];
  for (const run of otherSteps) {
    files.push(...(await run()));
    await step();
  }
  files.push(await messagesFile(db, userId, now, step));
  files.push(readme(files, productName));
  return files;
}

/**
 * The user's own messages with their earlier versions, one message per line, written page by page
 * so that no single `JSON.stringify` of them all holds the event loop; `step` after each page.
 */
async function messagesFile(
  db: Executor,
  userId: number,
  now: string,
  step: () => Promise<void>,
): Promise<ExportFile> {
  const lines: string[] = [];
  for (let afterId = 0; ;) {
    const page = (await data.listMessagesPage(db, userId, afterId, MESSAGE_PAGE, now)).map((m) =>
      withReadableRoomName(userId, m),
    );
    if (page.length === 0) break;
    const edits = await data.listOwnEdits(
      db,
      page.map((m) => m.id),
    );
    const editsOf = groupBy(
      edits,
      (e) => e.message_id,
      ({ message_id: _, ...edit }) => edit,
    );
    for (const m of page) lines.push(`    ${JSON.stringify({ ...m, edits: editsOf.get(m.id) ?? [] })}`);
    afterId = page[page.length - 1]!.id;
    await step();
  }
  const body =
    lines.length === 0 ? '{\n  "messages": []\n}\n' : `{\n  "messages": [\n${lines.join(',\n')}\n  ]\n}\n`;
  return { name: 'messages.json', content: new TextEncoder().encode(body) };
}

async function accountFiles(db: Executor, userId: number): Promise<ExportFile[]> {
  const account = await data.getAccount(db, userId);
  const profile = await data.findProfile(db, userId);
  const picture = await data.findPicture(db, userId);
  const pictureName = picture ? `files/profile-picture.${PICTURE_EXTENSIONS[picture.mime] ?? 'bin'}` : null;
  const files = [
    json('account.json', {
      ...account,
      is_bot: bool(account.is_bot),
      darkmode_enabled: bool(account.darkmode_enabled),
      onboarding_completed: bool(account.onboarding_completed),
      bots_may_read: bool(account.bots_may_read),
      show_presence: bool(account.show_presence),
      reactions_received: account.reactions_received ?? 0,
    }),
    json('profile.json', {
      profile: profile
        ? Object.fromEntries(
            Object.entries(profile)
              .filter(([key]) => key !== 'user_id')
              .map(([key, value]) => [key, key.endsWith('_private') ? bool(value as number) : value]),
          )
        : null,
      picture: picture
        ? {
            file: pictureName,
            mime: picture.mime,
            width: picture.width,
            height: picture.height,
            updated_at: picture.updated_at,
          }
        : null,
    }),
  ];
  if (picture && pictureName) files.push({ name: pictureName, content: new Uint8Array(picture.content) });
  return files;
}

async function roomFiles(db: Executor, userId: number): Promise<ExportFile[]> {
  const memberships = await data.listMemberships(db, userId);
  const conversationIds = memberships
    .filter((m) => m.kind === 'dm' || m.kind === 'group')
    .map((m) => m.room_id);
  const members = await data.listMemberUsernames(db, conversationIds);
  const conversations = memberships
    .filter((m) => conversationIds.includes(m.room_id))
    .map((m) => ({
      room_id: m.room_id,
      kind: m.kind === 'dm' ? 'direct' : 'group',
      name: m.name,
      joined_at: m.joined_at,
      members: members.filter((x) => x.room_id === m.room_id).map((x) => x.username),
    }));
  return [json('rooms.json', { memberships }), json('conversations.json', { conversations })];
}

async function matchmakingFiles(db: Executor, userId: number): Promise<ExportFile[]> {
  const intents = (await data.listTutoringIntents(db, userId)).map(({ user_id: _, ...i }) => ({
    ...i,
    is_open: bool(i.is_open),
    prefs: parseJson(i.prefs),
  }));
  const decisions = await data.listTutoringDecisions(db, userId);
  const owned = (await data.listOwnedParties(db, userId)).map(({ user_id: _, ...p }) => ({
    ...p,
    availability: parseJson(p.availability),
    members: parseJson(p.members),
  }));
  const memberOf = await data.listPartyMemberships(db, userId);
  const offers = await data.listPartyOffers(
    db,
    owned.map((p) => p.id),
  );
  return [
    json('matchmaking.json', { tutoring_intents: intents, tutoring_decisions: decisions }),
    json('parties.json', { parties: owned, party_memberships: memberOf, party_offers: offers }),
  ];
}

async function sessionFiles(db: Executor, userId: number): Promise<ExportFile[]> {
  const sessions = (await data.listSessions(db, userId)).map((s) => ({
    ...s,
    device: deviceName(s.user_agent),
  }));
  const interview = await data.findInterview(db, userId);
  return [
    json('sessions.json', { sessions }),
    json('assistants.json', {
      interview: interview
        ? { progress: parseJson(interview.progress), updated_at: interview.updated_at }
        : null,
    }),
  ];
}

/** attachments.json and each attached file's bytes under files/attachments/ (id first: names repeat). */
async function attachmentFiles(list: () => Promise<AttachedFile[]>): Promise<ExportFile[]> {
  const attached = await list();
  const files: ExportFile[] = [];
  const listed = [];
  for (const { meta, read } of attached) {
    const content = await read();
    const file = content ? `files/attachments/${meta.id}-${meta.name}` : null;
    if (content && file) files.push({ name: file, content });
    listed.push({ ...meta, file });
    await yieldToOthers();
  }
  return [json('attachments.json', { attachments: listed }), ...files];
}

function readme(files: ExportFile[], productName: string): ExportFile {
  const text = [
    `Your data from ${productName}`,
    '',
    `Everything ${productName} holds about your account, as JSON files (times are ISO 8601 UTC):`,
    '',
    ...[...files.filter((f) => !f.name.startsWith('files/attachments/')).map((f) => f.name), 'README.txt']
      .sort()
      .map((name) => `- ${name}`),
    '',
    'Of other people, only usernames appear: the members of your conversations, the author of a',
    'message you replied to, who sent you a notification.',
    '',
    'The files you attached to your messages are in files/attachments/, listed in attachments.json.',
    'Your profile picture, if you have one, is in files/.',
    '',
  ].join('\n');
  return { name: 'README.txt', content: new TextEncoder().encode(text) };
}

/** Compresses the files into one zip, a piece at a time, yielding between pieces. */
export async function zipFiles(files: ExportFile[]): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else chunks.push(chunk);
    if (final) finished = true;
  });
  for (const file of files) {
    // Pictures are compressed already.
    const entry = file.name.startsWith('files/')
      ? new ZipPassThrough(file.name)
      : new ZipDeflate(file.name, { level: 6 });
    zip.add(entry);
    if (file.content.length === 0) entry.push(new Uint8Array(0), true);
    for (let at = 0; at < file.content.length; at += ZIP_CHUNK) {
      entry.push(file.content.subarray(at, at + ZIP_CHUNK), at + ZIP_CHUNK >= file.content.length);
      await yieldToOthers();
    }
  }
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error('zip did not finish');
  return Buffer.concat(chunks);
}
