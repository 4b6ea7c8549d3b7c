import type { MessageRights } from '@studium/protocol';
import type { CurrentUser } from '../context';

/**
 * What the live connections need to know from the features, given by app.ts: realtime/ sits
 * below the features and does not import them. Each function lets a real failure (the database
 * is down) throw; "no such room" is a null, never an exception.
 */
export interface RealtimeAccess {
  /** The user behind a session cookie; null when the session is absent, ended or expired. */
  resolveSession(token: string): Promise<CurrentUser | null>;
  /** The ids among `sessionIds` whose sessions are still live. */
  listLiveSessionIds(sessionIds: number[]): Promise<number[]>;
  /**
   * The room a URL names (`{room}`: id or path), whether the user may read it and their rights
   * over others' messages there; null when there is none.
   */
  findRoomAccess(
    user: CurrentUser,
    ref: string | number,
  ): Promise<{ roomId: number; canRead: boolean; othersMessages: MessageRights } | null>;
}
