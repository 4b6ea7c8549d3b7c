import { hash, verify } from '@node-rs/argon2';
import { TEXTS } from '@studium/protocol';
import { COMMON_PASSWORDS } from './common-passwords';

// argon2id at the ASVS / OWASP floor: m = 19 MiB, t = 2, p = 1. (2 is Algorithm.Argon2id; the
// package declares it as a const enum, which isolated modules cannot import.)
const ARGON2ID = 2;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, HASH_OPTIONS);

/** Verifies against a PHC string; a malformed hash counts as a mismatch. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with weaker parameters than today's. */
export const needsRehash = (phc: string): boolean =>
  !phc.startsWith(
    `$argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=${HASH_OPTIONS.parallelism}$`,
  );

// Checked for unknown usernames too, so a login takes the same time whether the account exists.
let dummyHash: Promise<string> | undefined;
export const getDummyHash = (): Promise<string> => (dummyHash ??= hashPassword('studium-dummy-password'));

/** Policy beyond length (ASVS 6.2): not a well-known password, not the username. Null when fine. */
export function passwordProblem(password: string, username: string): string | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return TEXTS.server.passwordTooCommon;
  const name = username.toLowerCase();
  if (lower === name || (name.length >= 5 && lower.includes(name) && lower.length - name.length < 4)) {
    return TEXTS.server.passwordLikeUsername;
  }
  return null;
}
