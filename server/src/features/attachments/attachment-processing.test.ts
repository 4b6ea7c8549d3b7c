import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TEXTS } from '@studium/protocol';
import { cleanName, processAttachment } from './attachment-processing';

/** A zip of stored (uncompressed) entries, as simple zip writers make them. */
function makeZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

const image = (format: 'jpeg' | 'png' | 'gif' | 'webp') =>
  sharp({ create: { width: 50, height: 40, channels: 3, background: '#123456' } })
    .toFormat(format)
    .toBuffer();

const refused = async (content: Buffer, name: string, text: string = ATTACHMENT_TEXTS.unsupportedType) =>
  expect(processAttachment(content, name)).rejects.toMatchObject({ message: text, fields: { file: text } });

describe('processAttachment', () => {
  it.each(['jpeg', 'png', 'gif', 'webp'] as const)(
    're-encodes a %s in its own format, keeping its name, with a WebP thumbnail',
    async (format) => {
      const out = await processAttachment(await image(format), `pic.${format}`);
      expect(out).toMatchObject({
        kind: 'image',
        mime: `image/${format}`,
        name: `pic.${format}`,
        width: 50,
        height: 40,
      });
      expect((await sharp(out.content).metadata()).format).toBe(format);
      expect((await sharp(out.thumbnail!).metadata()).format).toBe('webp');
    },
  );

  it('names an image by what it is: .jpg stays for a JPEG, a wrong extension becomes the right one', async () => {
    expect((await processAttachment(await image('jpeg'), 'Photo.JPG')).name).toBe('Photo.jpg');
    expect((await processAttachment(await image('png'), 'shot.jpg')).name).toBe('shot.png');
    expect((await processAttachment(await image('png'), 'screenshot')).name).toBe('screenshot.png');
  });

  it('takes a zip and a Word document by their content', async () => {
    const zip = await processAttachment(makeZip({ 'notes.txt': 'hello' }), 'notes.zip');
    expect(zip).toMatchObject({ kind: 'file', mime: 'application/zip', name: 'notes.zip' });
    const docx = makeZip({ '[Content_Types].xml': DOCX_TYPES, 'word/document.xml': '<w:document/>' });
    const doc = await processAttachment(docx, 'essay.docx');
    expect(doc.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(doc.name).toBe('essay.docx');
  });

  it('takes UTF-8 text, keeping a text extension and naming anything else .txt', async () => {
    const md = await processAttachment(Buffer.from('# Notes\n\nΣ ∫ café ✓\n'), 'notes.md');
    expect(md).toMatchObject({ kind: 'file', mime: 'text/plain; charset=utf-8', name: 'notes.md' });
    expect((await processAttachment(Buffer.from('plain'), 'run.sh')).name).toBe('run.txt');
  });

  it('refuses text that is not UTF-8, holds NULs, or starts with markup', async () => {
    await refused(Buffer.from([0x61, 0xff, 0xfe, 0x62]), 'a.txt');
    await refused(Buffer.from('a\u0000b'), 'a.txt');
    await refused(Buffer.from('  <div onclick="x()">hi</div>'), 'a.txt');
    await refused(Buffer.from('\uFEFF<?xml version="1.0"?><svg/>'), 'a.txt');
  });

  it('refuses a PDF or a zip carrying HTML, and a GIF that is also a script', async () => {
    await refused(Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>'), 'x.pdf');
    await refused(Buffer.from('GIF89a/*\u0000\u0000*/=1;alert(1)//<script>'), 'x.gif');
    await refused(Buffer.concat([await image('jpeg'), Buffer.from('%PDF-1.4 trailer')]), 'x.jpg');
  });

  it('refuses an image whose decoder disagrees with its magic bytes', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await refused(Buffer.concat([png.subarray(0, 40)]), 'cut.png', ATTACHMENT_TEXTS.unreadableImage);
  });
});

describe('cleanName', () => {
  it('drops paths and control characters and caps the length', () => {
    expect(cleanName('../../etc/pass\u0000wd.txt', 'txt')).toBe('pass_wd.txt');
    expect(cleanName('C:\\Users\\me\\"quote".pdf', 'pdf')).toBe('_quote_.pdf');
    expect(cleanName(`${'a'.repeat(300)}.pdf`, 'pdf')).toHaveLength(120);
    expect(cleanName('', 'pdf')).toBe('file.pdf');
  });
});
