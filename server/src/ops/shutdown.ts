import type { FastifyInstance } from 'fastify';
import { WS_CLOSE } from '@studium/protocol';
import type { Hub } from '../realtime/hub';

/**
 * The first step of a graceful stop (SIGTERM): no new connections, so the proxy sends new ones
 * to the other processes, then every socket is told to reconnect (1012). Clients reconnect after
 * their usual delay and land elsewhere; `app.close()` then drains the writes already accepted.
 */
export function stopAccepting(app: FastifyInstance, hub: Hub) {
  // Fastify's close() closes the listener again later and tolerates that it is already closed.
  app.server.close();
  for (const live of hub.all()) live.ws.close(WS_CLOSE.restarting, 'Server restarting');
}
