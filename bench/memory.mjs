// Server memory per idle socket, from the server's resident memory (VmRSS). Opening the first
// sockets also grows the heap and malloc arenas once; so the marginal cost is measured between
// `first` and all sockets open, and the plain average since before the first is kept too.
import { closeSockets, openSockets, rssBytes, sleep } from './lib.mjs';

export async function measureIdleSocketMemory(pid, specs, first = Math.floor(specs.length / 3)) {
  // Warm-up: the first sockets load and compile the code paths; that is not per-socket memory.
  await closeSockets(await openSockets(specs.slice(0, 50), () => {}));
  await sleep(1500);
  const before = rssBytes(pid);
  const early = await openSockets(specs.slice(0, first), () => {});
  await sleep(2000);
  const middle = rssBytes(pid);
  const rest = await openSockets(specs.slice(first), () => {});
  await sleep(2000);
  const after = rssBytes(pid);
  await closeSockets([...early, ...rest]);
  return {
    sockets: specs.length,
    bytesPerSocket: (after - middle) / (specs.length - first),
    averageBytesPerSocket: (after - before) / specs.length,
  };
}
