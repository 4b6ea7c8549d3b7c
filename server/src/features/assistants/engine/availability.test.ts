import { describe, expect, test } from 'vitest';
import { parseAvailability } from './availability';

const at = (text: string) => parseAvailability(text).map((w) => `${w.day} ${w.start}-${w.end}`);

describe('parseAvailability: the conventions of docs/assistants.md', () => {
  test('day parts', () => {
    expect(at('Monday mornings')).toEqual(['mon 08:00-12:00']);
    expect(at('Tuesday afternoon')).toEqual(['tue 12:00-18:00']);
    expect(at('Wednesday evenings')).toEqual(['wed 18:00-22:00']);
    expect(at('Thursday nights')).toEqual(['thu 20:00-24:00']);
    expect(at('Friday lunchtime')).toEqual(['fri 12:00-14:00']);
  });

  test('a day without a time is the whole day; a time without a day is every day', () => {
    expect(at('Saturday')).toEqual(['sat 09:00-21:00']);
    expect(at('evenings')).toHaveLength(7);
  });

  test('clock times: ranges, after, before, at; bare hours from 1 to 7 are pm', () => {
    expect(at('Monday 2-4pm')).toEqual(['mon 14:00-16:00']);
    expect(at('Monday 10-12')).toEqual(['mon 10:00-12:00']);
    expect(at('Tue from 9am to 1pm')).toEqual(['tue 09:00-13:00']);
    expect(at('Tue 14:00 to 16:30')).toEqual(['tue 14:00-16:30']);
    expect(at('Thu after 6')).toEqual(['thu 18:00-22:00']);
    expect(at('Thu after 10pm')).toEqual(['thu 22:00-24:00']);
    expect(at('Fri before 10')).toEqual(['fri 08:00-10:00']);
    expect(at('Sun at 3pm')).toEqual(['sun 15:00-17:00']);
  });

  test('lists and ranges of days', () => {
    expect(at('Tue/Thu after 6')).toEqual(['tue 18:00-22:00', 'thu 18:00-22:00']);
    expect(at('Mon, Wed and Fri mornings').map((s) => s.slice(0, 3))).toEqual(['mon', 'wed', 'fri']);
    expect(at('Monday to Thursday').map((s) => s.slice(0, 3))).toEqual(['mon', 'tue', 'wed', 'thu']);
    expect(at('mon-wed').map((s) => s.slice(0, 3))).toEqual(['mon', 'tue', 'wed']);
    expect(at('weekends').map((s) => s.slice(0, 3))).toEqual(['sat', 'sun']);
    expect(at('weekday mornings').map((s) => s.slice(0, 3))).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
  });

  test('each day group keeps its own time', () => {
    expect(at('Monday 2-4pm and Wednesday mornings')).toEqual(['mon 14:00-16:00', 'wed 08:00-12:00']);
    expect(at('mornings on Tuesday')).toEqual(['tue 08:00-12:00']);
  });

  test('exceptions and negation remove days', () => {
    const days = (t: string) => [...new Set(parseAvailability(t).map((w) => w.day))];
    expect(days('evenings except Friday')).toEqual(['mon', 'tue', 'wed', 'thu', 'sat', 'sun']);
    expect(days('weekdays, but not on Wednesdays')).toEqual(['mon', 'tue', 'thu', 'fri']);
    expect(days("I can't do Mondays. Tuesday and Monday evenings")).toEqual(['tue']);
    expect(days('any day apart from Sunday')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
    expect(days("I don't mind weekends")).toEqual(['sat', 'sun']);
  });

  test('nothing said, nothing read', () => {
    expect(at('I like linear algebra and CS-101, room 2-3')).toEqual([]);
    expect(at('')).toEqual([]);
  });
});
