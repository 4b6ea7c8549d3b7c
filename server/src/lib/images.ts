import sharp, { type Sharp } from 'sharp';

// Decoded images are not worth caching: each upload is seen once.
sharp.cache(false);

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** Image formats by the MIME type their magic bytes announce (file-type's answer). */
const FORMAT_OF_MIME: Record<string, ImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The image format a MIME type names; undefined for anything else. */
export const imageFormatOf = (mime: string | undefined): ImageFormat | undefined =>
  mime === undefined ? undefined : FORMAT_OF_MIME[mime];

/** What each caller says when it refuses an image (its own texts and field). */
export interface ImageRefusals {
  unsupported: string;
  unreadable: string;
  tooManyPixels: string;
}

export interface DecodeOptions {
  /** The formats this upload may be. */
  accepted: readonly ImageFormat[];
  /** The pixel cap: a small file that would inflate beyond it is refused before it does. */
  maxPixels: number;
  refusals: ImageRefusals;
  /** Turns a refusal's text into the error the caller throws (a 400 naming its field). */
  refuse: (message: string) => Error;
}

export interface DecodedImage {
  format: ImageFormat;
  /**
   * Runs the work of re-encoding on a fresh decoder of the upload; a failure midway (a corrupt
   * stream, the pixel cap) is refused with the caller's texts, never a 500.
   */
  process<T>(work: (image: Sharp) => Promise<T>): Promise<T>;
}

const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/**
 * The one gate every uploaded image passes, profile pictures and attachments alike
 * (docs/security.md): the format its magic bytes announce (`mime`, from file-type, never the
 * name or the declared type) must be accepted, the decoder must agree with it (no polyglots
 * read one way by us and another by a browser), and it must decode within the pixel cap. The
 * caller then re-encodes it, which is what drops the metadata (EXIF, GPS, comments).
 */
export async function decodeSafely(
  upload: Buffer,
  mime: string | undefined,
  { accepted, maxPixels, refusals, refuse }: DecodeOptions,
): Promise<DecodedImage> {
  const format = imageFormatOf(mime);
  if (!format || !accepted.includes(format)) throw refuse(refusals.unsupported);
  const input = () => sharp(upload, { limitInputPixels: maxPixels, failOn: 'error' });
  const failed = (err: unknown) => refuse(isPixelLimit(err) ? refusals.tooManyPixels : refusals.unreadable);
  let decoded: string | undefined;
  try {
    ({ format: decoded } = await input().metadata());
  } catch (err) {
    throw failed(err);
  }
  if (decoded !== format) throw refuse(refusals.unsupported);
  return {
    format,
    async process(work) {
      try {
        return await work(input());
      } catch (err) {
        throw failed(err);
      }
    },
  };
}
