import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque token (256 bits, base64url). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export const hmac = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text).digest('base64url');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
