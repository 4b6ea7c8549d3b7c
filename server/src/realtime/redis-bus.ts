import { randomUUID } from 'node:crypto';
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
export function createRedisBus(
  publisher: RedisClient,
  subscriber: RedisClient,
  prefix: string,
  onError: (err: unknown) => void,
): Bus {
  let handler: BusHandler = () => {};
  // This process's own events reach its sockets directly, not through Redis, so local fan-out
  // keeps working while Redis is away; their copies coming back from Redis are skipped.
  const origin = randomUUID();
  // Every event this process publishes comes back to it while it holds a socket of the topic;
  // the envelope starts with its origin, so those copies are told apart without parsing them.
  const ownCopy = JSON.stringify({ origin }).slice(0, -1);
  const topics = new Set<string>();
  const listener = (raw: string, channel: string) => {
    if (raw.startsWith(ownCopy)) return;
    try {
      const envelope = JSON.parse(raw) as { origin: string; event: RealtimeEvent };
      handler(channel.slice(prefix.length), envelope.event);
    } catch (err) {
      onError(err);
    }
  };
  const subscribe = (topic: string) => subscriber.subscribe(prefix + topic, listener);
  // After an outage the connection comes back without its subscriptions: take them all again
  // (subscribing twice with one listener is harmless).
  subscriber.on('ready', () => {
    for (const topic of topics) subscribe(topic).catch(onError);
  });
  return {
    async publish(topic, event) {
      if (topics.has(topic)) handler(topic, event);
      await publisher.publish(prefix + topic, JSON.stringify({ origin, event }));
    },
    async subscribe(topic) {
      topics.add(topic);
      // While Redis is away the socket is served local events; 'ready' subscribes it later.
      if (subscriber.isReady) await subscribe(topic);
    },
    async unsubscribe(topic) {
      topics.delete(topic);
      if (subscriber.isReady) await subscriber.unsubscribe(prefix + topic, listener);
    },
    onEvent(h) {
      handler = h;
    },
    async close() {
      topics.clear();
      if (subscriber.isOpen) await subscriber.close();
    },
  };
}
