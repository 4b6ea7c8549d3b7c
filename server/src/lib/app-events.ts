import type { FastifyBaseLogger } from 'fastify';
import type { Room } from '../db/schema';

/** A person's message just stored and published. */
export interface MessageSentEvent {
  room: Room;
  author: { id: number; username: string; sessionId: number };
  messageId: number;
  content: string;
  /** The usernames the message mentions (as picked; unknown ones included). */
  mentions: string[];
}

/**
 * What this process tells whoever listens, after the change is stored and published. A feature
 * that reacts to another's events subscribes here (app.ts wires them) instead of being imported
 * by it: chat does not know the bots, realtime does not know the unread counts.
 */
export interface AppEventMap {
  /** A person's message went out: the bots may answer (docs/assistants.md). */
  messageSent: MessageSentEvent;
  /**
   * A message frame went out to a room: the members' live unread counts move (docs/unread.md).
   * `authorId`: who wrote it, whose own counts it does not change (null when unknown).
   */
  roomMessage: { roomId: number; authorId: number | null };
}

export type AppEventName = keyof AppEventMap;
type Listener<K extends AppEventName> = (event: AppEventMap[K]) => void;

export interface AppEvents {
  /** Subscribes; returns the unsubscribe. Listeners return at once (work they start runs on). */
  on<K extends AppEventName>(name: K, listener: Listener<K>): () => void;
  /** Tells every listener; one that throws is logged and never fails the caller. */
  emit<K extends AppEventName>(name: K, event: AppEventMap[K]): void;
}

export function createAppEvents(log: FastifyBaseLogger): AppEvents {
  const listeners = new Map<AppEventName, Set<Listener<never>>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      const entry = listener as Listener<never>;
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit(name, event) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          (listener as Listener<typeof name>)(event);
        } catch (err) {
          log.error({ err, event: name }, 'event listener failed');
        }
      }
    },
  };
}
