import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Weekday } from '@studium/protocol';
import { parseAvailability } from './availability';

/**
 * Availability phrases generated from a small grammar — days (in four languages, lists, ranges,
 * weekends), a time (day parts, clock ranges, "after"), an exception, a one-off or an exam said
 * before — and the reading each must give by the conventions of docs/assistants.md.
 */

const WEEK: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const NAMES: Record<Weekday, string[]> = {
  mon: ['Monday', 'Mondays', 'mon', 'lundi', 'lunes', 'Montag'],
  tue: ['Tuesday', 'Tuesdays', 'tue', 'mardi', 'martes', 'Dienstag'],
  wed: ['Wednesday', 'Wednesdays', 'wed', 'mercredi', 'miércoles', 'Mittwoch'],
  thu: ['Thursday', 'Thursdays', 'thu', 'jeudi', 'jueves', 'Donnerstag'],
  fri: ['Friday', 'Fridays', 'fri', 'vendredi', 'viernes', 'Freitag'],
  sat: ['Saturday', 'Saturdays', 'sat', 'samedi', 'sábado', 'Samstag'],
  sun: ['Sunday', 'Sundays', 'sun', 'dimanche', 'domingo', 'Sonntag'],
};

interface Phrase {
  text: string;
  days: Weekday[];
}

const oneDay = fc
  .tuple(fc.constantFrom(...WEEK), fc.nat(5))
  .map(([d, k]): Phrase => ({ text: NAMES[d][k]!, days: [d] }));
const twoDays = fc
  .tuple(fc.constantFrom(...WEEK), fc.constantFrom(...WEEK), fc.constantFrom(' and ', '/', ', ', ' & '))
  .filter(([a, b]) => a !== b)
  .map(([a, b, join]): Phrase => ({ text: `${NAMES[a][0]}${join}${NAMES[b][0]}`, days: [a, b] }));
const dayRange = fc
  .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 2 }))
  .map(([from, len]): Phrase => ({
    text: `${NAMES[WEEK[from]!][2]}-${NAMES[WEEK[from + len]!][2]}`,
    days: WEEK.slice(from, from + len + 1),
  }));
const groups = fc.constantFrom<Phrase>(
  { text: 'weekends', days: ['sat', 'sun'] },
  { text: 'weekdays', days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
  { text: 'every day', days: [...WEEK] },
);
const days = fc.oneof(oneDay, twoDays, dayRange, groups);

const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
interface Time {
  text: string;
  start: string;
  end: string;
}
const dayPart = fc.constantFrom<Time>(
  { text: 'mornings', start: '08:00', end: '12:00' },
  { text: 'afternoon', start: '12:00', end: '18:00' },
  { text: 'evenings', start: '18:00', end: '22:00' },
  { text: 'anytime', start: '09:00', end: '21:00' },
  { text: '', start: '09:00', end: '21:00' },
);
const pmRange = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 3 }))
  .map(([h, len]): Time => ({ text: `${h}-${h + len}pm`, start: pad(h + 12), end: pad(h + len + 12) }));
const hRange = fc
  .tuple(fc.integer({ min: 8, max: 18 }), fc.integer({ min: 1, max: 3 }))
  .map(([h, len]): Time => ({ text: `${h}h-${h + len}h`, start: pad(h), end: pad(h + len) }));
const after = fc
  .integer({ min: 5, max: 8 })
  .map((h): Time => ({ text: `after ${h}`, start: pad(h + 12), end: '22:00' }));
const time = fc.oneof(dayPart, pmRange, hRange, after);

/** Something said before that must not change the reading. */
const preamble = fc.constantFrom(
  '',
  'I need help with calc. ',
  'free now and tonight too. ',
  'The exam is on Friday. ',
  'Not looking for a research group. ',
);

const windowsOf = (text: string) =>
  parseAvailability(text)
    .map((w) => `${w.day} ${w.start}-${w.end}`)
    .sort();

describe('availability read from generated phrases', () => {
  test('days with a time, after any preamble, read as exactly those windows', () => {
    fc.assert(
      fc.property(preamble, days, time, (pre, d, t) => {
        const text = `${pre}${d.text} ${t.text}`.trim();
        const expected = d.days.map((day) => `${day} ${t.start}-${t.end}`).sort();
        expect(windowsOf(text), text).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  test('an exception removes its day and nothing else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('every day', 'weekdays', 'any day'),
        time,
        fc.constantFrom(...WEEK),
        fc.constantFrom('except', 'but not', 'apart from', 'sauf'),
        (group, t, out, word) => {
          const all = group === 'weekdays' ? WEEK.slice(0, 5) : WEEK;
          const text = `${group} ${t.text}, ${word} ${NAMES[out][0]}`;
          const expected = all.filter((d) => d !== out).map((d) => `${d} ${t.start}-${t.end}`);
          expect(windowsOf(text), text).toEqual(expected.sort());
        },
      ),
      { numRuns: 200 },
    );
  });

  test('a refused day part is cut from that day only', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEEK), (day) => {
        const text = `every day, but not ${NAMES[day][0]} mornings`;
        const expected = WEEK.map((d) => `${d} ${d === day ? '12:00' : '09:00'}-21:00`).sort();
        expect(windowsOf(text), text).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });
});
