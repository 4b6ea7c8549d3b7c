import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { ATTACHMENT_LIMITS, ATTACHMENT_TEXTS } from '@studium/protocol';
import { Invalid } from '../../lib/errors';
import { decodeSafely, imageFormatOf, type ImageFormat } from '../../lib/images';
import { visibleFileName } from './file-name';

const t = ATTACHMENT_TEXTS;

/** The file name extension of each image format; a JPEG may also be named `.jpg`. */
const IMAGE_EXTENSIONS = { jpeg: ['jpg', 'jpeg'], png: ['png'], gif: ['gif'], webp: ['webp'] } as const;

/** Other files by their magic bytes (Office documents are zip files file-type recognises). */
const FILE_TYPES = new Set([
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);
const ZIP_BASED = new Set([...FILE_TYPES].filter((m) => m !== 'application/pdf'));
const TEXT_MIME = 'text/plain; charset=utf-8';

export interface ProcessedAttachment {
  kind: 'image' | 'file';
  name: string;
  mime: string;
  content: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
}

const refuse = (message: string) => new Invalid(message, { file: message });

/**
 * Decides what an upload is by its content, never by its name or declared type
 * (docs/attachments.md): an image must pass the image gate (`decodeSafely`, shared with profile
 * pictures) and is re-encoded in its own format without metadata, with a WebP thumbnail; another file must be
 * on the allowlist (PDF, zip, Office, UTF-8 text) and carry no second format inside.
 */
export async function processAttachment(upload: Buffer, filename: string): Promise<ProcessedAttachment> {
  const type = await fileTypeFromBuffer(upload);
  if (type && imageFormatOf(type.mime)) return processImage(upload, type.mime, filename);
  if (type && FILE_TYPES.has(type.mime)) {
    assertNoForeignFormat(upload, type.mime);
    return file(upload, type.mime, filename, type.ext);
  }
  if (!type && isPlainText(upload)) return file(upload, TEXT_MIME, filename, 'txt');
  throw refuse(t.unsupportedType);
}

function file(content: Buffer, mime: string, filename: string, ext: string): ProcessedAttachment {
  return {
    kind: 'file',
    name: cleanName(filename, ext),
    mime,
    content,
    thumbnail: null,
    width: null,
    height: null,
  };
}

async function processImage(upload: Buffer, mime: string, filename: string): Promise<ProcessedAttachment> {
  // Bytes of another format after the image (a zip, HTML, a PDF) make a polyglot: refused.
  assertNoForeignFormat(upload, mime);
  const image = await decodeSafely(upload, mime, {
    accepted: ['jpeg', 'png', 'gif', 'webp'],
    maxPixels: ATTACHMENT_LIMITS.imageMaxPixels,
    refusals: {
      unsupported: t.unsupportedType,
      unreadable: t.unreadableImage,
      tooManyPixels: t.tooManyPixels,
    },
    refuse,
  });
  const own = image.format;
  return image.process(async (input) => {
    const resized = input
      .rotate() // applies the EXIF orientation before the metadata goes
      .resize(ATTACHMENT_LIMITS.imageOutputPx, ATTACHMENT_LIMITS.imageOutputPx, {
        fit: 'inside',
        withoutEnlargement: true,
      });
    // The same format as uploaded, so the name the uploader gave keeps its extension (a
    // screenshot.png stays a PNG); encoding again is what drops the metadata.
    const full = await encodeAs(resized, own).toBuffer({ resolveWithObject: true });
    const thumb = ATTACHMENT_LIMITS.thumbnailPx;
    const thumbnail = await sharp(full.data)
      .resize(thumb, thumb, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return {
      kind: 'image' as const,
      name: cleanName(filename, IMAGE_EXTENSIONS[own]),
      mime,
      content: full.data,
      thumbnail,
      width: full.info.width,
      height: full.info.height,
    };
  });
}

function encodeAs(image: Sharp, format: ImageFormat): Sharp {
  if (format === 'jpeg') return image.jpeg({ quality: 85, mozjpeg: true });
  if (format === 'png') return image.png({ compressionLevel: 9 });
  if (format === 'gif') return image.gif();
  return image.webp({ quality: 85 });
}

// Markers of formats a browser or an unzipper would find inside another file.
const HTML_MARKERS = ['<html', '<script', '<svg', '<!doctype', '<iframe', '<body', '<?xml'];
const ZIP_MARKER = 'PK\u0003\u0004';
const PDF_MARKER = '%PDF-';

/** Refuses a file that also holds another format: HTML, a PDF or a zip where none belongs. */
function assertNoForeignFormat(upload: Buffer, mime: string) {
  const text = upload.toString('latin1');
  const lower = text.toLowerCase();
  const foreign =
    (!ZIP_BASED.has(mime) && text.includes(ZIP_MARKER)) ||
    (mime !== 'application/pdf' && text.includes(PDF_MARKER)) ||
    (!ZIP_BASED.has(mime) && HTML_MARKERS.some((m) => lower.includes(m)));
  if (foreign) throw refuse(t.unsupportedType);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
// Markup a browser would render as a page if it ever sniffed the file.
const MARKUP_START = /^\s*<(?:!doctype|html|head|body|script|svg|\?xml|iframe|!--|[a-z]+[\s>])/i;

/** Plain text: valid UTF-8 without NULs or other binary controls, not starting with markup. */
function isPlainText(upload: Buffer): boolean {
  if (upload.length === 0) return false;
  let text: string;
  try {
    text = utf8.decode(upload);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- binary content is exactly what is looked for
  if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text)) return false;
  return !MARKUP_START.test(text.replace(/^\uFEFF/, ''));
}

/**
 * A safe download name: no path, no controls or invisible characters, at most 120 characters, with the extension of
 * what the content is: the uploaded one when it is one of `ext`'s names (`photo.jpg` stays
 * `.jpg`, a PNG stays `.png`), else the first of them.
 */
export function cleanName(filename: string, ext: string | readonly string[]): string {
  const names: readonly string[] = typeof ext === 'string' ? [ext] : ext;
  const base = visibleFileName(filename.split(/[\\/]/).pop() ?? '')
    .replace(/["<>|:*?]/g, '_')
    .trim();
  const current = /\.([^.]+)$/.exec(base)?.[1]?.toLowerCase();
  const chosen =
    current && (names.includes(current) || (names[0] === 'txt' && /^(txt|md|csv|log|tex)$/.test(current)))
      ? current
      : (names[0] ?? 'bin');
  const stem = (base.replace(/\.[^.]*$/, '') || 'file').slice(
    0,
    ATTACHMENT_LIMITS.nameMax - chosen.length - 1,
  );
  return `${stem}.${chosen}`;
}
