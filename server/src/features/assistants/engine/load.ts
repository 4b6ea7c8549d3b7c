import type * as Engine from './index';

/**
 * The engine, loaded on first use: building its language model and word lists takes a second or
 * more, which a server should not pay at start (nor every test server that never asks a bot).
 * The production entry warms it up once the server listens.
 */
let loading: Promise<typeof Engine> | undefined;

export function loadEngine(): Promise<typeof Engine> {
  loading ??= import('./index');
  return loading;
}
