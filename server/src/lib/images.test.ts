import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeSafely, type DecodeOptions } from './images';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();

const options: DecodeOptions = {
  accepted: ['png', 'jpeg'],
  maxPixels: 100 * 100,
  refusals: { unsupported: 'unsupported', unreadable: 'unreadable', tooManyPixels: 'too many pixels' },
  refuse: (message) => new Error(message),
};

describe('decodeSafely', () => {
  it('lets an accepted image through and re-encodes it', async () => {
    const image = await decodeSafely(await png(40, 20), 'image/png', options);
    expect(image.format).toBe('png');
    const { info } = await image.process((input) => input.webp().toBuffer({ resolveWithObject: true }));
    expect([info.format, info.width, info.height]).toEqual(['webp', 40, 20]);
  });

  it('refuses a format the caller does not accept, and anything that is not an image', async () => {
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    await expect(decodeSafely(gif, 'image/gif', options)).rejects.toThrow('unsupported');
    await expect(decodeSafely(Buffer.from('%PDF-1.4'), 'application/pdf', options)).rejects.toThrow(
      'unsupported',
    );
    await expect(decodeSafely(gif, undefined, options)).rejects.toThrow('unsupported');
  });

  it('refuses bytes the decoder reads as another format than announced', async () => {
    const jpeg = await sharp(await png(10, 10))
      .jpeg()
      .toBuffer();
    await expect(decodeSafely(jpeg, 'image/png', options)).rejects.toThrow('unsupported');
  });

  it('refuses an image beyond the pixel cap, and one that does not decode', async () => {
    await expect(decodeSafely(await png(200, 200), 'image/png', options)).rejects.toThrow('too many pixels');
    const truncated = (await png(50, 50)).subarray(0, 40);
    await expect(
      decodeSafely(truncated, 'image/png', options).then((image) =>
        image.process((input) => input.toBuffer()),
      ),
    ).rejects.toThrow('unreadable');
  });
});
