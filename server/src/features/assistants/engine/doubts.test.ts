import { describe, expect, test } from 'vitest';
import type { AvailabilityWindow } from './availability-assemble';
import { readAvailability } from './availability';
import { fixDayTypos, normaliseClock } from './availability-words';
import { availabilityDoubts } from './doubts';
import { findModality } from './modality';
import { parseAnswer, readAnswer } from './parse-answer';
import { fold } from './text';

/** The signs that a reading may be wrong (doubts.ts): each makes the slot asked, not filled. */

const clockText = (text: string) => normaliseClock(fixDayTypos(fold(text)));
const w = (day: AvailabilityWindow['day'], start: string, end: string): AvailabilityWindow => ({
  day,
  start,
  end,
});
const doubts = (text: string, windows: AvailabilityWindow[], busy: Array<[number, number]> = []) =>
  availabilityDoubts(clockText(text), windows, busy);

describe('availability doubts', () => {
  test('two windows of one day that overlap', () => {
    const text = 'Wednesday and Saturday mornings - hmm, just Wednesday';
    expect(doubts(text, [w('wed', '08:00', '12:00'), w('wed', '09:00', '21:00')])).toContain('overlap');
    expect(doubts(text, [w('wed', '08:00', '12:00'), w('wed', '13:00', '15:00')])).not.toContain('overlap');
  });

  test('days without a time beside days with one, in the same sentence', () => {
    const text = 'Mondays en Fridays after 5 suit me';
    const read = [w('mon', '09:00', '21:00'), w('fri', '17:00', '22:00')];
    expect(doubts(text, read)).toContain('untimed-beside-timed');
    // In sentences of their own, or with a word for a whole day, they are meant so.
    expect(doubts('Fridays after 5; Mondays', read)).not.toContain('untimed-beside-timed');
    expect(doubts('Mondays whenever, Fridays after 5', read)).not.toContain('untimed-beside-timed');
    expect(doubts('I switch languages all day long. Mondays en Fridays after 5', read)).toContain(
      'untimed-beside-timed',
    );
  });

  test('the weekend added whole after weekdays given a time is meant so', () => {
    const read = [w('mon', '19:00', '22:00'), w('tue', '19:00', '22:00'), w('sat', '09:00', '21:00')];
    expect(doubts('mon and tue after 7 or saturday', read)).not.toContain('untimed-beside-timed');
    expect(doubts('mon and tue after 7 + sat', read)).not.toContain('untimed-beside-timed');
    // Not when the weekend is said on its own, nor beside a single weekday.
    expect(doubts('sat free, mon and tue after 7', read)).toContain('untimed-beside-timed');
    const one = [w('fri', '19:00', '22:00'), w('sat', '09:00', '21:00')];
    expect(doubts('fri after 7 or saturday', one)).toContain('untimed-beside-timed');
  });

  test('an hour said as a time that bounds no window', () => {
    const read = [w('mon', '12:00', '14:00')];
    expect(doubts('Mondays in my lunch slot, 12 to 1', read)).toContain('unread-hour');
    expect(doubts('Mondays in my lunch hour, 12 to 2', read)).not.toContain('unread-hour');
    // Numbers that are no hour, and hours of work said in passing.
    expect(doubts('Mondays at lunch, 2-3 people max', read)).not.toContain('unread-hour');
    expect(doubts('Mondays at lunch, room 3.14', read)).not.toContain('unread-hour');
    expect(doubts('Mondays at lunch, I work 9-5', read)).not.toContain('unread-hour');
    // Inside a clause of work or classes the reading set aside.
    const text = 'Mondays at lunch, my shifts are 6-11';
    const at = clockText(text).indexOf('my shifts');
    expect(doubts(text, read, [[at, text.length]])).not.toContain('unread-hour');
  });

  test('a day part no window overlaps, unless refused', () => {
    const read = [w('mon', '20:00', '24:00')];
    expect(doubts('I stock shelves most nights so Monday mornings', read)).toContain('unread-day-part');
    expect(doubts('Monday nights, mornings are out', read)).not.toContain('unread-day-part');
    expect(doubts('Monday nights, mornings are mostly booked', read)).not.toContain('unread-day-part');
    expect(doubts("Monday nights, can't do mornings", read)).not.toContain('unread-day-part');
    expect(doubts('Monday nights', read)).toEqual([]);
  });

  test('a doubt empties availability, so the interview asks about it', () => {
    const text = 'Need help with statics. Weekdays 2-4pm, I get home at 7:30.';
    const { reading, confidence } = readAnswer(text);
    expect(reading.availability.length).toBeGreaterThan(0);
    expect(readAvailability(text).doubts).toContain('unread-hour');
    expect(confidence.availability).toBeLessThan(0.5);
    expect(parseAnswer(text).availability).toEqual([]);
    expect(parseAnswer(text).courses).toEqual(['me-101']);
    // A reading with no doubt is filled as before.
    expect(parseAnswer('Need help with statics, weekdays 12 to 2.').availability).toHaveLength(5);
  });

  test('a number before "to" and no hour is no time', () => {
    const calc = readAvailability(
      "I'm good at cálculo and can tutor Calc 1 to freshmen. Los martes y jueves de 4 a 6.",
    );
    expect(calc.doubts).toEqual([]);
    expect(calc.confidence).toBe(0.9);
    // An hour before "to" and another hour is still a time.
    expect(doubts('Tuesdays 4 to 6, or 7 to 9', [w('tue', '16:00', '18:00')])).toContain('unread-hour');
  });

  test('the hour of a lecture ("my lecture is at 9") is a class said in passing', () => {
    const text = "My Monday lecture is at 9 so I'm free Monday 11-1.";
    expect(doubts(text, [w('mon', '11:00', '13:00')])).toEqual([]);
    expect(doubts('Free Monday 11-1, home at 9', [w('mon', '11:00', '13:00')])).toContain('unread-hour');
  });
});

describe('modality named both ways, with no word of choice', () => {
  test('asked, not read as either', () => {
    expect(findModality(fold("In person works, I can't stand zoom calls")).confidence).toBeLessThan(0.5);
    expect(parseAnswer('On campus, video calls make me sleepy').modality).toBeNull();
  });

  test('one side said with a preference is that side; the other said fine too is either', () => {
    expect(parseAnswer("In person please, I can't stand zoom calls").modality).toBe('in_person');
    expect(parseAnswer('On campus ideally, video calls make me sleepy').modality).toBe('in_person');
    expect(parseAnswer('Online obviously, nobody is on campus at that hour').modality).toBe('online');
    expect(parseAnswer("I'd rather meet in person, I am hopeless with video calls").modality).toBe(
      'in_person',
    );
    expect(parseAnswer('Online is better maybe, but meeting in person is also OK').modality).toBe('either');
  });

  test('a choice between them is either', () => {
    expect(parseAnswer('online or in person').modality).toBe('either');
    expect(parseAnswer('in my office (room 3.14), or over Zoom if you prefer').modality).toBe('either');
    expect(parseAnswer('in the CS lab or we can do teams').modality).toBe('either');
    expect(parseAnswer("campus or online, doesn't matter").modality).toBe('either');
    expect(parseAnswer('Tutoring physics or chemistry, online only, not on campus').modality).toBe('online');
  });
});

describe('availability doubts, the sixteenth outside set', () => {
  test('the weekend said whole before "or" and weekdays given a time is meant so', () => {
    const read = [w('tue', '15:00', '22:00'), w('sat', '09:00', '21:00'), w('sun', '09:00', '21:00')];
    expect(doubts('weekends or tuesday after 3', read)).not.toContain('untimed-beside-timed');
    expect(readAvailability('weekends or tuesday after 3').confidence).toBeGreaterThan(0.5);
    // Saturday said by its name is no weekend said whole.
    expect(
      doubts('saturday or tuesday after 3', [w('tue', '15:00', '22:00'), w('sat', '09:00', '21:00')]),
    ).toContain('untimed-beside-timed');
  });

  test('a minus sign glued to a number is no hour', () => {
    const read = [w('tue', '18:00', '21:00')];
    expect(doubts("it's -15 out here, tuesdays 6-9", read)).not.toContain('unread-hour');
    expect(doubts('tuesdays 6-9, I get home at 5:15', read)).toContain('unread-hour');
  });

  test('days added whole after the part of the day of the days before them are meant so', () => {
    const read = [w('tue', '08:00', '12:00'), w('sun', '09:00', '21:00')];
    expect(doubts('I can do Tuesday mornings and Sunday', read)).not.toContain('untimed-beside-timed');
    // Said before the time, they may have been meant with it.
    expect(doubts('I can do Sunday and Tuesday mornings', read)).toContain('untimed-beside-timed');
  });
});
