import type { Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ModerationLogAction, NotificationLevel, ReportReason } from '@studium/protocol';

/**
 * The database as Kysely sees it. Portable column types on both engines: booleans are integers
 * 0/1 (better-sqlite3 cannot bind booleans), times are ISO 8601 UTC strings (sortable as text).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  password_hash: string;
  is_bot: Generated<number>;
  darkmode_enabled: number | null;
  onboarding_completed: Generated<number>;
  /** 0/1: whether bots may read the user's messages (docs/assistants.md). */
  bots_may_read: Generated<number>;
  /** 0/1: whether others see the user online and typing (docs/presence.md). */
  show_presence: Generated<number>;
  created_at: string;
  last_login_at: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The browser's User-Agent at login, cut to 400 characters ('' when it sent none). */
  user_agent: Generated<string>;
  /** The login's network (address prefix), only when SESSION_NETWORKS is on; else null. */
  network: string | null;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface RoomsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  path: string;
  parent_id: number | null;
  depth: number;
  /** 'assistant': a user's private room with one assistant (never listed; docs/assistants.md). */
  kind: 'public' | 'group' | 'dm' | 'assistant';
  /** Which assistant an 'assistant' room talks to; null for every other kind. */
  assistant: Generated<'interview' | 'discovery' | null>;
  topic: string;
  description: string;
  is_bot_allowed: number;
  is_public_readable: number;
  is_write_gated: number;
  owner_id: number | null;
  message_count: Generated<number>;
  last_message_at: string | null;
  created_at: string;
}

export interface RoomMembersTable {
  room_id: number;
  user_id: number;
  role: 'owner' | 'member';
  joined_at: string;
  /** The newest message id the member has read; null: everything up to `joined_at` (docs/unread.md). */
  last_read_id: Generated<number | null>;
  /** 'all' | 'mentions' | 'mute'; null: the room kind's default. */
  notification_level: Generated<NotificationLevel | null>;
}

export interface MessagesTable {
  id: Generated<number>;
  room_id: number;
  /** Null for a tombstone (the author's account was deleted). */
  user_id: number | null;
  content: string;
  reply_to: number | null;
  client_id: string | null;
  created_at: string;
  edited_at: string | null;
  edit_count: Generated<number>;
  /** Set when the message was deleted: its text, mentions, reactions and edits are erased. */
  deleted_at: Generated<string | null>;
}

export interface MessageEditsTable {
  id: Generated<number>;
  message_id: number;
  content_before: string;
  edited_at: string;
}

export interface ReactionsTable {
  message_id: number;
  user_id: number;
  emoji: string;
  created_at: string;
}

/** A message a bot answer quotes: erasing it redacts the answer (docs/assistants.md, "Erasure"). */
export interface MessageQuotesTable {
  /** The bot's answer. */
  message_id: number;
  quoted_id: number;
}

export interface MessageMentionsTable {
  message_id: number;
  user_id: number;
  room_id: number;
  created_at: string;
}

export interface UserReactionTotalsTable {
  user_id: number;
  total: number;
}

/** Reactions one user gave another's messages on a UTC day, and how many counted (docs/rankings.md). */
export interface ReactionPairDaysTable {
  reactor_id: number;
  author_id: number;
  day: string;
  given: number;
  counted: number;
}

export interface UserReactionDaysTable {
  user_id: number;
  /** UTC day, 'YYYY-MM-DD'. */
  day: string;
  total: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind:
    | 'mention'
    | 'reply'
    | 'dm'
    | 'group_message'
    | 'room_message'
    | 'group_added'
    | 'match'
    | 'report_handled'
    | 'warning';
  room_id: number | null;
  message_id: number | null;
  actor_id: number | null;
  /**
   * The event's text, or the preview of the message as it was when notified (a snapshot: edits do
   * not reach it; deleting the message empties it, docs/notifications.md).
   */
  text: Generated<string>;
  created_at: string;
  read_at: string | null;
}

export interface TutoringIntentsTable {
  id: Generated<number>;
  user_id: number;
  role: 'tutor' | 'tutoree';
  course_code: string;
  modality: 'in_person' | 'online' | 'hybrid' | 'remote' | 'either';
  campus: string;
  languages: string;
  location_hint: string;
  topic: string;
  capacity: number;
  /** 0/1. */
  is_open: number;
  /** JSON: soft preference weights per field. */
  prefs: string;
  ttl_days: number;
  pitch: string;
  availability: string;
  status: 'open' | 'paused' | 'archived';
  created_at: string;
  updated_at: string;
  expires_at: string;
}

export interface TutoringDecisionsTable {
  subject_intent_id: number;
  candidate_intent_id: number;
  decision: 'accepted' | 'declined';
  room_id: number | null;
  created_at: string;
}

export interface PartiesTable {
  id: Generated<number>;
  /** The owner. */
  user_id: number;
  topic_key: string;
  target_size: number;
  /** The party's size, the owner included. */
  existing_member_count: number;
  preferred_complement_size: number | null;
  pitch: string;
  campus: string;
  languages: string;
  /** Null for hobby topics. */
  modality: 'in_person' | 'remote' | 'either' | null;
  /** JSON: weekly blocks. */
  availability: string;
  location_hint: string;
  /** JSON: every member as entered. */
  members: string;
  /** The members' mean study level, null when none gave a comparable one. */
  study_level: number | null;
  status: 'open' | 'paused' | 'matched' | 'archived';
  created_at: string;
  updated_at: string;
}

export interface PartyMembersTable {
  party_id: number;
  user_id: number;
  position: number;
  /** Listed teammates count once they confirm; the owner is confirmed from the start. */
  status: Generated<'pending' | 'confirmed' | 'declined'>;
  invited_at: string | null;
}

/** An owner whose party invitation the user declined: that owner cannot list the user again. */
export interface PartyDeclinesTable {
  owner_id: number;
  user_id: number;
  declined_at: string;
}

export interface PartyOffersTable {
  id: Generated<number>;
  /** The lower party id of the pair. */
  party_a_id: number;
  party_b_id: number;
  state: 'PENDING' | 'A_ACCEPTED' | 'B_ACCEPTED' | 'MATCHED' | 'DECLINED';
  a_accepted_at: string | null;
  b_accepted_at: string | null;
  /** The party that declined. */
  declined_by: number | null;
  room_id: number | null;
  score: number;
  created_at: string;
  updated_at: string;
  matched_at: string | null;
}

export interface AssistantInterviewsTable {
  id: Generated<number>;
  user_id: number;
  /** JSON: the interview's progress (the merged reading, the slots asked about). */
  progress: string;
  updated_at: string;
}

/** A user's block or mute of another user (docs/blocks.md). */
export interface UserBlocksTable {
  user_id: number;
  target_id: number;
  kind: 'block' | 'mute';
  created_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_user_id: number;
  message_id: number | null;
  room_id: number | null;
  /** `m:<message id>` or `u:<user id>`: one open report per reporter and target. */
  target_key: string;
  reason: ReportReason;
  details: Generated<string>;
  status: Generated<'open' | 'dismissed' | 'actioned'>;
  created_at: string;
  handled_at: string | null;
  handled_by: number | null;
}

/** A pinned message (docs/chat.md): at most one row per message, erased with the message. */
/** SQLite only: the highest message id the search index holds (docs/search.md). One row. */
export interface SearchProgressTable {
  id: number;
  indexed_upto: number;
}

export interface MessagePinsTable {
  message_id: number;
  room_id: number;
  /** Null once the account that pinned it is deleted. */
  pinned_by: number | null;
  pinned_at: string;
}

export interface RoomBansTable {
  id: Generated<number>;
  room_id: number;
  user_id: number;
  /** Null: the ban never ends. */
  ends_at: string | null;
  /** The moderator's words for the banned user; '' when none were given. */
  reason: Generated<string>;
  created_by: number | null;
  created_at: string;
}

export interface ModerationLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: ModerationLogAction;
  target_user_id: number | null;
  room_id: number | null;
  report_id: number | null;
  message_id: number | null;
  ban_ends_at: string | null;
  created_at: string;
}

export interface AttachmentsTable {
  id: string;
  room_id: number;
  user_id: number;
  /** Null until sent with a message. */
  message_id: number | null;
  position: Generated<number>;
  kind: 'image' | 'file';
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  /** The bytes when stored in the database; null when in ATTACHMENTS_DIR under storage_key. */
  content: Buffer | null;
  thumbnail: Buffer | null;
  storage_key: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  app_settings: AppSettingsTable;
  rooms: RoomsTable;
  room_members: RoomMembersTable;
  messages: MessagesTable;
  message_edits: MessageEditsTable;
  reactions: ReactionsTable;
  message_mentions: MessageMentionsTable;
  message_quotes: MessageQuotesTable;
  user_reaction_totals: UserReactionTotalsTable;
  user_reaction_days: UserReactionDaysTable;
  reaction_pair_days: ReactionPairDaysTable;
  notifications: NotificationsTable;
  tutoring_intents: TutoringIntentsTable;
  tutoring_decisions: TutoringDecisionsTable;
  parties: PartiesTable;
  party_members: PartyMembersTable;
  party_declines: PartyDeclinesTable;
  party_offers: PartyOffersTable;
  assistant_interviews: AssistantInterviewsTable;
  user_blocks: UserBlocksTable;
  reports: ReportsTable;
  room_bans: RoomBansTable;
  moderation_log: ModerationLogTable;
  attachments: AttachmentsTable;
  message_pins: MessagePinsTable;
  search_progress: SearchProgressTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Room = Selectable<RoomsTable>;
export type NewRoom = Insertable<RoomsTable>;
export type Message = Selectable<MessagesTable>;
export type RoomMember = Selectable<RoomMembersTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type TutoringIntent = Selectable<TutoringIntentsTable>;
export type NewTutoringIntent = Insertable<TutoringIntentsTable>;
export type Party = Selectable<PartiesTable>;
export type NewParty = Insertable<PartiesTable>;
export type PartyOffer = Selectable<PartyOffersTable>;

/** A database handle or an open transaction: repositories take either as their first parameter. */
export type Executor = Kysely<Database> | Transaction<Database>;
