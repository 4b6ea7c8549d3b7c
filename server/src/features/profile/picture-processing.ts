import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PROFILE_LIMITS, PROFILE_TEXTS } from '@studium/protocol';
import { Invalid } from '../../lib/errors';

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/gif']);
const SHARP_FORMAT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif' };

// Decoded images are not worth caching: each upload is seen once.
sharp.cache(false);

export interface ProcessedPicture {
  content: Buffer;
  mime: string;
  width: number;
  height: number;
}

const refuse = (message: string) => new Invalid(message, { profile_picture: message });

/**
 * Turns an upload into the picture we store (docs/security.md): the content must
 * be PNG, JPEG or GIF by its magic bytes (whatever its name or declared type), decode fully
 * within the pixel cap (so a small file that inflates to gigabytes is refused before it does),
 * and is re-encoded as WebP within 512 px, upright, with no metadata (EXIF, GPS, comments).
 */
export async function processPicture(upload: Buffer): Promise<ProcessedPicture> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED.has(type.mime)) throw refuse(PROFILE_TEXTS.unsupportedImage);
  const input = () => sharp(upload, { limitInputPixels: PROFILE_LIMITS.pictureMaxPixels, failOn: 'error' });
  let format: string | undefined;
  try {
    ({ format } = await input().metadata());
  } catch (err) {
    throw refuse(isPixelLimit(err) ? PROFILE_TEXTS.tooManyPixels : PROFILE_TEXTS.unreadableImage);
  }
  // The decoder sharp picked must agree with the magic bytes: no polyglots.
  if (format !== SHARP_FORMAT[type.mime]) throw refuse(PROFILE_TEXTS.unsupportedImage);
  try {
    const size = PROFILE_LIMITS.pictureOutputPx;
    const { data, info } = await input()
      .rotate() // applies the EXIF orientation before the metadata goes
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { content: data, mime: 'image/webp', width: info.width, height: info.height };
  } catch (err) {
    throw refuse(isPixelLimit(err) ? PROFILE_TEXTS.tooManyPixels : PROFILE_TEXTS.unreadableImage);
  }
}

const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);
