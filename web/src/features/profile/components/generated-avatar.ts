import { createAvatar } from '@dicebear/core';
import * as thumbs from '@dicebear/thumbs';
import { avatarColours } from './avatar-colours';

/** A generated avatar, the same for a username everywhere; built in the browser as a data: URI. */
export function generatedAvatar(username: string): string {
  return generatedAvatarSvg(username).toDataUri();
}

/** The avatar itself: the shape and face from the library, seeded by the name; the colours ours. */
export function generatedAvatarSvg(username: string) {
  const { background, shape, ink } = avatarColours(username);
  return createAvatar(thumbs, {
    seed: username.toLowerCase(),
    radius: 50,
    backgroundColor: [background],
    shapeColor: [shape],
    eyesColor: [ink],
    mouthColor: [ink],
  });
}
