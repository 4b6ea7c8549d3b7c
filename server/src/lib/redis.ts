import { createClient } from 'redis';

function createRedis(url: string) {
  return createClient({ url, socket: { reconnectStrategy: (retries: number) => Math.min(retries * 100, 3000) } });
}

export type RedisClient = ReturnType<typeof createRedis>;

/** Connects a node-redis client; errors are logged, and the client reconnects by itself. */
export async function connectRedis(url: string, onError: (err: unknown) => void): Promise<RedisClient> {
  const client = createRedis(url);
  client.on('error', onError);
  await client.connect();
  return client;
}
