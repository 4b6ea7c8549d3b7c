import { fileTypeFromBuffer } from 'file-type';
import { PROFILE_LIMITS, PROFILE_TEXTS } from '@studium/protocol';
import { Invalid } from '../../lib/errors';
import { decodeSafely } from '../../lib/images';

export interface ProcessedPicture {
  content: Buffer;
  mime: string;
  width: number;
  height: number;
}

const refuse = (message: string) => new Invalid(message, { profile_picture: message });

/**
 * Turns an upload into the picture we store (docs/security.md): a PNG, JPEG or GIF by its magic
 * bytes that passes the image gate (`decodeSafely`: the decoder agrees, within the pixel cap),
 * re-encoded as WebP within 512 px, upright, with no metadata (EXIF, GPS, comments).
 */
export async function processPicture(upload: Buffer): Promise<ProcessedPicture> {
  const image = await decodeSafely(upload, (await fileTypeFromBuffer(upload))?.mime, {
    accepted: ['png', 'jpeg', 'gif'],
    maxPixels: PROFILE_LIMITS.pictureMaxPixels,
    refusals: {
      unsupported: PROFILE_TEXTS.unsupportedImage,
      unreadable: PROFILE_TEXTS.unreadableImage,
      tooManyPixels: PROFILE_TEXTS.tooManyPixels,
    },
    refuse,
  });
  const size = PROFILE_LIMITS.pictureOutputPx;
  const { data, info } = await image.process((input) =>
    input
      .rotate() // applies the EXIF orientation before the metadata goes
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true }),
  );
  return { content: data, mime: 'image/webp', width: info.width, height: info.height };
}
