import type { TutoringRole } from '@studium/protocol';
import { forUpdate } from '../../db/dialect';
import type {
  Executor,
  NewTutoringIntent,
  TutoringDecisionsTable,
  TutoringIntentsTable,
} from '../../db/schema';

/** The columns an intent is presented with, and its owner's username. */
function selectIntents(db: Executor) {
  return db
    .selectFrom('tutoring_intents')
    .innerJoin('users', 'users.id', 'tutoring_intents.user_id')
    .selectAll('tutoring_intents')
    .select('users.username');
}

export type IntentRow = NonNullable<Awaited<ReturnType<typeof findIntentById>>>;

export function findIntentById(db: Executor, id: number) {
  return selectIntents(db).where('tutoring_intents.id', '=', id).executeTakeFirst();
}

/** The user's current intent of a role: open or paused, not expired (the newest, should there be two). */
export function findCurrentIntent(db: Executor, userId: number, role: TutoringRole, now: string) {
  return selectIntents(db)
    .where('tutoring_intents.user_id', '=', userId)
    .where('tutoring_intents.role', '=', role)
    .where('tutoring_intents.status', 'in', ['open', 'paused'])
    .where('tutoring_intents.expires_at', '>', now)
    .orderBy('tutoring_intents.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Open or paused intents of the user's role whose time ran out become archived. */
export async function archiveExpiredIntents(db: Executor, userId: number, role: TutoringRole, now: string) {
  await db
    .updateTable('tutoring_intents')
    .set({ status: 'archived', updated_at: now })
    .where('user_id', '=', userId)
    .where('role', '=', role)
    .where('status', 'in', ['open', 'paused'])
    .where('expires_at', '<=', now)
    .execute();
}

/** Locks an intent's row for the rest of the unit (PostgreSQL; SQLite's writer runs one unit at a time). */
export async function lockIntent(db: Executor, id: number) {
  await forUpdate(db, db.selectFrom('tutoring_intents').select('id').where('id', '=', id)).execute();
}

export async function insertIntent(db: Executor, intent: NewTutoringIntent): Promise<number> {
  const row = await db
    .insertInto('tutoring_intents')
    .values(intent)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateIntent(
  db: Executor,
  id: number,
  fields: Partial<Omit<TutoringIntentsTable, 'id' | 'user_id' | 'role' | 'created_at'>>,
) {
  await db.updateTable('tutoring_intents').set(fields).where('id', '=', id).execute();
}

/**
 * Open, unexpired intents of `role` for a course, other than `userId`'s, that the subject has
 * not decided on and is not already matched with: only the fields a recommendation is scored on.
 * One range of tutoring_intents_search_idx; the owners, the texts shown and the places left are
 * read for the best-scored only (`findRecommendable`), so a course of thousands answers thousands
 * of short rows and no lookups per row.
 */
export function listCandidates(
  db: Executor,
  subject: { id: number; user_id: number; course_code: string },
  role: TutoringRole,
  now: string,
) {
  return db
    .selectFrom('tutoring_intents as ti')
    .select([
      'ti.id',
      'ti.user_id',
      'ti.course_code',
      'ti.modality',
      'ti.languages',
      'ti.campus',
      'ti.availability',
      'ti.topic',
    ])
    .where('ti.role', '=', role)
    .where('ti.course_code', '=', subject.course_code)
    .where('ti.status', '=', 'open')
    .where('ti.is_open', '=', 1)
    .where('ti.expires_at', '>', now)
    .where('ti.user_id', '!=', subject.user_id)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom('tutoring_decisions as mine')
              .select('mine.decision')
              .where('mine.subject_intent_id', '=', subject.id)
              .whereRef('mine.candidate_intent_id', '=', 'ti.id'),
          ),
          eb.exists(
            eb
              .selectFrom('tutoring_decisions as theirs')
              .select('theirs.decision')
              .whereRef('theirs.subject_intent_id', '=', 'ti.id')
              .where('theirs.candidate_intent_id', '=', subject.id)
              .where('theirs.decision', '=', 'accepted'),
          ),
        ]),
      ),
    )
    .execute();
}

/**
 * The intents of `ids` as they are presented, if still open at `now`, with each one's accepted
 * matches (either side) for the capacity rule: primary-key and candidate-index lookups, a few
 * dozen at most.
 */
export function findRecommendable(db: Executor, ids: readonly number[], now: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectIntents(db)
    .select((eb) => [
      eb
        .selectFrom('tutoring_decisions as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.subject_intent_id', '=', 'tutoring_intents.id')
        .where('d.decision', '=', 'accepted')
        .as('accepted_as_subject'),
      eb
        .selectFrom('tutoring_decisions as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.candidate_intent_id', '=', 'tutoring_intents.id')
        .where('d.decision', '=', 'accepted')
        .as('accepted_as_candidate'),
    ])
    .where('tutoring_intents.id', 'in', ids)
    .where('tutoring_intents.status', '=', 'open')
    .where('tutoring_intents.is_open', '=', 1)
    .where('tutoring_intents.expires_at', '>', now)
    .execute();
}

/** The decision between two intents, in either direction (a match made by either side counts for both). */
export function findDecisions(db: Executor, a: number, b: number) {
  return db
    .selectFrom('tutoring_decisions')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('subject_intent_id', '=', a), eb('candidate_intent_id', '=', b)]),
        eb.and([eb('subject_intent_id', '=', b), eb('candidate_intent_id', '=', a)]),
      ]),
    )
    .execute();
}

/** Matches an intent takes part in, on either side. */
export async function countAccepted(db: Executor, intentId: number): Promise<number> {
  const count = async (column: 'subject_intent_id' | 'candidate_intent_id') => {
    const row = await db
      .selectFrom('tutoring_decisions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', intentId)
      .where('decision', '=', 'accepted')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return (await count('subject_intent_id')) + (await count('candidate_intent_id'));
}

/**
 * The accepted matches of the user's intents of a role, on either side, newest first: the
 * partner's intent and username, and the DM room.
 */
export async function listMatches(db: Executor, userId: number, role: TutoringRole) {
  const side = (mine: 'subject_intent_id' | 'candidate_intent_id') => {
    const theirs = mine === 'subject_intent_id' ? 'candidate_intent_id' : 'subject_intent_id';
    return db
      .selectFrom('tutoring_decisions as d')
      .innerJoin('tutoring_intents as me', 'me.id', `d.${mine}`)
      .innerJoin('tutoring_intents as other', 'other.id', `d.${theirs}`)
      .innerJoin('users', 'users.id', 'other.user_id')
      .select([
        'users.username',
        'other.role',
        'other.course_code',
        'd.room_id',
        'd.created_at',
        'd.subject_intent_id',
        'd.candidate_intent_id',
      ])
      .where('me.user_id', '=', userId)
      .where('me.role', '=', role)
      .where('d.decision', '=', 'accepted')
      .where('d.room_id', 'is not', null)
      .execute();
  };
  const rows = [...(await side('subject_intent_id')), ...(await side('candidate_intent_id'))];
  return rows.sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.subject_intent_id - a.subject_intent_id,
  );
}

/** Records a decision once: a second one on the same pair changes nothing (false). */
export async function insertDecision(db: Executor, decision: TutoringDecisionsTable): Promise<boolean> {
  const rows = await db
    .insertInto('tutoring_decisions')
    .values(decision)
    .onConflict((oc) => oc.columns(['subject_intent_id', 'candidate_intent_id']).doNothing())
    .returning('subject_intent_id')
    .execute();
  return rows.length > 0;
}
