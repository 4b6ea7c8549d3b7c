/**
 * Reads that index.html's boot script sent before the app had loaded, for the screen the page
 * opens on (vite-plugins/landing-shell.ts: on a chat's page the session and, for a signed-in
 * one, the room), by address; kept 15 s.
 */
export const EARLY_READS = 'studiumEarlyReads';

/** The answer of the boot script's read of `path`, once; the app's first GET of it takes it. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = (globalThis as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[
    EARLY_READS
  ];
  const read = reads?.[path];
  if (reads) delete reads[path];
  return read;
}
