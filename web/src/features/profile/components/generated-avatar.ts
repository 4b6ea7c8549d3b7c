import { createAvatar } from '@dicebear/core';
import * as thumbs from '@dicebear/thumbs';

/** A generated avatar, the same for a username everywhere; built in the browser as a data: URI. */
export function generatedAvatar(username: string): string {
  return createAvatar(thumbs, { seed: username.toLowerCase(), radius: 50 }).toDataUri();
}
