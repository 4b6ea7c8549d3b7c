import { describe, expect, it } from 'vitest';
import { generatedAvatarSvg } from './generated-avatar';

/** CIE L*a*b* of a hex colour (sRGB, D65), to measure differences as the eye sees them. */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = [0, 2, 4]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v > 0.04045 ? ((v + 0.055) / 1.055) ** 2.4 : v / 12.92)) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
  const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
  const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** ΔE (CIE76): about 2 is a just visible difference; under 20, two colours read as "the same colour". */
const deltaE = (a: string, b: string) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]!));
const ALIKE = 20;

/** The colours the avatar really draws: its background, and the body shape in front of it. */
function drawn(username: string) {
  const svg = generatedAvatarSvg(username).toString();
  const background = /<rect fill="#([0-9a-f]{6})"/i.exec(svg)?.[1];
  const shape = /<path d="M95[^"]*" fill="#([0-9a-f]{6})"/i.exec(svg)?.[1];
  if (!background || !shape) throw new Error(`unexpected avatar markup for ${username}`);
  return { background, shape };
}

type Drawn = ReturnType<typeof drawn>;
const alike = (a: Drawn, b: Drawn) =>
  deltaE(a.background, b.background) < ALIKE && deltaE(a.shape, b.shape) < ALIKE;

// Names as people pick them: numbered, with a suffix, a letter apart.
const NAMES = Array.from({ length: 300 }, (_, i) => `student${i}`);
const NEIGHBOURS: Array<[string, string]> = [
  ...NAMES.slice(1).map((name, i): [string, string] => [NAMES[i]!, name]),
  ...['maya', 'jonas', 'lea', 'tariq', 'anna', 'li', 'noah', 'emma'].flatMap((n): Array<[string, string]> => [
    [n, `${n}_`],
    [n, `${n}2`],
    [n, `${n}.k`],
    [`${n}1`, `${n}2`],
  ]),
];

describe('generated avatars', () => {
  it('are the same for a name in any case', () => {
    expect(drawn('Maya')).toEqual(drawn('maya'));
  });

  it('give near-identical names clearly different colours', () => {
    const same = NEIGHBOURS.filter(([a, b]) => alike(drawn(a), drawn(b)));
    // With 24 backgrounds and 5 shape hues for each, a pair looks alike about once in a hundred.
    expect(same.length / NEIGHBOURS.length).toBeLessThan(0.02);
  });

  it('rarely look alike across many names', () => {
    const all = NAMES.map(drawn);
    let pairs = 0;
    let same = 0;
    for (let i = 0; i < all.length; i += 1)
      for (let j = i + 1; j < all.length; j += 1) {
        pairs += 1;
        if (alike(all[i]!, all[j]!)) same += 1;
      }
    expect(same / pairs).toBeLessThan(0.025);
  });

  it('always draw the shape in a colour far from its background', () => {
    for (const name of NAMES) {
      const { background, shape } = drawn(name);
      expect(deltaE(background, shape), name).toBeGreaterThan(40);
    }
  });
});
