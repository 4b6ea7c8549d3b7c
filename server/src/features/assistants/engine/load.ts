import type * as Engine from './index';

/**
 * The engine, loaded on first use: building its language model and word lists takes a second or
 * more, which a server should not pay at start (nor every test server that never asks a bot).
 * Opening an assistant page starts loading it, so the first answer there does not wait.
 */
let loading: Promise<typeof Engine> | undefined;

export function loadEngine(): Promise<typeof Engine> {
  loading ??= import('./index');
  return loading;
}
