// Read latency of room history (newest page and a deep page) and of the room lists.
import { percentile } from './lib.mjs';

// A pooled keep-alive connection the server timed out (5 s) fails once; the retry opens a new one.
const get = (url, headers) => fetch(url, { headers }).catch(() => fetch(url, { headers }));

async function timeGets(urls, headers, rounds) {
  // One untimed pass warms the caches, so both data sizes are measured in the same state.
  for (const url of urls) await get(url, headers).then((res) => res.arrayBuffer());
  const samples = [];
  for (let i = 0; i < rounds; i++) {
    const url = urls[i % urls.length];
    const start = performance.now();
    const res = await get(url, headers);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** p50/p99 in ms of each read kind. `deepBefore(roomId)` gives an id deep in that room's history. */
export async function measureReads(baseUrl, cookie, roomIds, parentRef, deepBefore, rounds = 300) {
  const headers = { cookie };
  const ids = roomIds.slice(0, 50);
  return {
    historyNewest: await timeGets(
      ids.map((id) => `${baseUrl}/api/rooms/${id}/messages/?limit=50`),
      headers,
      rounds,
    ),
    historyDeep: await timeGets(
      ids.map((id) => `${baseUrl}/api/rooms/${id}/messages/?limit=50&before=${deepBefore(id)}`),
      headers,
      rounds,
    ),
    roomListRoot: await timeGets([`${baseUrl}/api/rooms/?parent=root&kind=public`], headers, rounds),
    roomListChildren: await timeGets(
      [`${baseUrl}/api/rooms/?parent=${encodeURIComponent(parentRef)}`],
      headers,
      rounds,
    ),
  };
}
