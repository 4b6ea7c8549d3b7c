import { LIMITS, WS_CLOSE } from '@studium/protocol';
import type { AppContext } from '../context';
import type { RealtimeAccess } from './access';
import type { Hub } from './hub';

// Idle sockets re-check their sessions every 20 pings (10 min; docs/security.md: at most 30 min).
const SESSION_CHECK_EVERY = 20;

/**
 * Pings every socket every 30 s and terminates those that did not answer the previous ping;
 * now and then checks that the sockets' sessions still exist (one query for all of them).
 */
export function startHeartbeat(
  ctx: AppContext,
  hub: Hub,
  access: RealtimeAccess,
  intervalMs: number = LIMITS.wsPingMs,
): () => void {
  let tick = 0;
  const timer = setInterval(() => {
    for (const live of hub.all()) {
      if (!live.isAlive) {
        live.ws.terminate();
        hub.remove(live);
        continue;
      }
      live.isAlive = false;
      live.ws.ping();
    }
    if (++tick % SESSION_CHECK_EVERY === 0)
      void closeEndedSessions(hub, access).catch((err: unknown) =>
        ctx.log.warn({ err }, 'session check failed'),
      );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

async function closeEndedSessions(hub: Hub, access: RealtimeAccess) {
  const ids = [...new Set([...hub.all()].map((live) => live.sessionId))];
  if (ids.length === 0) return;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const live = new Set(await access.listLiveSessionIds(chunk));
    for (const id of chunk) if (!live.has(id)) hub.closeSession(id, WS_CLOSE.notLoggedIn);
  }
}
