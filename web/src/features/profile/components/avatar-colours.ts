/**
 * The colours of a generated avatar, chosen from the username by a hash rather than by the
 * avatar library's own picks (five colours, three of them blues, so that many users looked alike):
 * a background from 24 (12 hues 30° apart, light or deep), a shape of a far hue in the other
 * lightness, and eyes and mouth in ink that stands out on the shape. Any change to a name changes
 * the hash entirely, so near-identical names get unrelated colours.
 */
export interface AvatarColours {
  background: string;
  shape: string;
  ink: string;
}

const HUES = 12;
// How far round the wheel the shape's hue sits from the background's: never close.
const SHAPE_OFFSETS = [120, 150, 180, 210, 240];

/** FNV-1a over the UTF-16 units, then a final avalanche so every bit depends on every unit. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** An HSL colour as the 6 hex digits the avatar library takes. */
function hex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `${channel(0)}${channel(8)}${channel(4)}`;
}

/** The avatar's colours for a username (in any case: the same for 'Maya' and 'maya'). */
export function avatarColours(username: string): AvatarColours {
  const h = hash(username.toLowerCase());
  const hue = (h % HUES) * (360 / HUES);
  const light = ((h >>> 8) & 1) === 1;
  const offset = SHAPE_OFFSETS[(h >>> 9) % SHAPE_OFFSETS.length] ?? 180;
  const shapeHue = (hue + offset) % 360;
  return {
    background: light ? hex(hue, 75, 80) : hex(hue, 60, 38),
    shape: light ? hex(shapeHue, 65, 35) : hex(shapeHue, 80, 75),
    ink: light ? 'ffffff' : '000000',
  };
}
