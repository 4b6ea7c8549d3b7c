import type { RedisClient } from '../lib/redis';
import type { Bus, BusHandler } from './bus';
import type { RealtimeEvent } from './events';

/**
 * Redis pub/sub with one channel per topic (`<prefix>room:42`, `<prefix>user:7`), not one
 * channel for everything: a server subscribes only to the rooms and users it holds sockets for,
 * so a message reaches only the servers that deliver it instead of every server parsing every
 * event; and per-topic channels shard as they are onto Redis Cluster's SSUBSCRIBE (docs/scaling.md).
 * The price is a SUBSCRIBE on a room's first local socket, which the hub awaits before serving it.
 * Subscriptions need a connection of their own: `subscriber` is a duplicate of the command client.
 */
export function createRedisBus(publisher: RedisClient, subscriber: RedisClient, prefix: string, onError: (err: unknown) => void): Bus {
  let handler: BusHandler = () => {};
  const listener = (raw: string, channel: string) => {
    try {
      handler(channel.slice(prefix.length), JSON.parse(raw) as RealtimeEvent);
    } catch (err) {
      onError(err);
    }
  };
  return {
    async publish(topic, event) {
      await publisher.publish(prefix + topic, JSON.stringify(event));
    },
    subscribe: (topic) => subscriber.subscribe(prefix + topic, listener),
    unsubscribe: (topic) => subscriber.unsubscribe(prefix + topic, listener),
    onEvent(h) {
      handler = h;
    },
    async close() {
      if (subscriber.isOpen) await subscriber.close();
    },
  };
}
