import type { RealtimeEvent } from './events';

export type BusHandler = (topic: string, event: RealtimeEvent) => void;

/**
 * Carries events from the process that committed a change to every process holding sockets of
 * the audience. Best effort (docs/security.md): the database stays the source of truth and
 * clients refetch history after a reconnect.
 */
export interface Bus {
  publish(topic: string, event: RealtimeEvent): Promise<void>;
  /** Starts receiving a topic's events; resolves once the subscription is active. */
  subscribe(topic: string): Promise<void>;
  unsubscribe(topic: string): Promise<void>;
  /** The one receiver (the hub). */
  onEvent(handler: BusHandler): void;
  close(): Promise<void>;
}

/** One process is a whole deployment: events go straight to the local hub. */
export function createMemoryBus(): Bus {
  let handler: BusHandler = () => {};
  const topics = new Set<string>();
  return {
    async publish(topic, event) {
      if (topics.has(topic)) handler(topic, event);
    },
    async subscribe(topic) {
      topics.add(topic);
    },
    async unsubscribe(topic) {
      topics.delete(topic);
    },
    onEvent(h) {
      handler = h;
    },
    async close() {
      topics.clear();
    },
  };
}
