import type { Generated, Insertable, Selectable } from 'kysely';

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
  kind: 'public' | 'group' | 'dm';
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
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  app_settings: AppSettingsTable;
  rooms: RoomsTable;
  room_members: RoomMembersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Room = Selectable<RoomsTable>;
export type NewRoom = Insertable<RoomsTable>;
