import { createClient } from 'redis';

// Without the offline queue, commands fail at once while Redis is away instead of waiting for it
// to come back: a send must not hang on a rate-limit check or a publish.
function createRedis(url: string) {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries: number) => Math.min(retries * 100, 3000) },
  });
}

export type RedisClient = ReturnType<typeof createRedis>;

/** Connects a node-redis client; errors are logged, and the client reconnects by itself. */
export async function connectRedis(url: string, onError: (err: unknown) => void): Promise<RedisClient> {
  const client = createRedis(url);
  client.on('error', onError);
  await client.connect();
  return client;
}
