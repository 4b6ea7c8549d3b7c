import { describe, expect, test } from 'vitest';
import { parseAvailability, readAvailability } from './availability';

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

  test('day parts in shorthand and slang, Portuguese and Italian days', () => {
    expect(at('Mon eves')).toEqual(['mon 18:00-22:00']);
    expect(at('Mon and Wed arvos')).toEqual(['mon 12:00-18:00', 'wed 12:00-18:00']);
    expect(at('le mercredi aprèm')).toEqual(['wed 12:00-18:00']);
    expect(at('Quartas e sextas à noite')).toEqual(['wed 20:00-24:00', 'fri 20:00-24:00']);
    expect(at('il martedì pomeriggio')).toEqual(['tue 12:00-18:00']);
  });

  test('timetable shorthand: a list of day letters', () => {
    expect(at('T/Th after 4:30')).toEqual(['tue 16:30-22:00', 'thu 16:30-22:00']);
    expect(at('M/W/F 2-4')).toEqual(['mon 14:00-16:00', 'wed 14:00-16:00', 'fri 14:00-16:00']);
    expect(at('w/ friends on Monday')).toEqual(['mon 09:00-21:00']);
  });

  test('hours in words, "half four", hedges and "-ish"; ordinals are no hours', () => {
    expect(at('Monday from ten to twelve in the morning')).toEqual(['mon 10:00-12:00']);
    expect(at('Tuesdays after half four')).toEqual(['tue 16:30-22:00']);
    expect(at('Mondays from half ten till one')).toEqual(['mon 10:30-13:00']);
    expect(at('at one point I was free Mondays')).toEqual(['mon 09:00-21:00']);
    expect(at('Sat from about 1:30')).toEqual(['sat 13:30-22:00']);
    expect(at('from 2nd year, free Weekdays after 7 pm')).toHaveLength(5);
    expect(at('from 2nd year, free Weekdays after 7 pm')[0]).toBe('mon 19:00-22:00');
  });

  test('a day part after a clock range only says which half of the day it is', () => {
    expect(at('Monday 7-9ish most nights')).toEqual(['mon 19:00-21:00']);
    expect(at('7-9 most nights').map((s) => s.slice(4))).toEqual(Array(7).fill('19:00-21:00'));
  });

  test('a time after refused days and a comma belongs to the days kept', () => {
    expect(at('any day but Wednesday, around noon')).toHaveLength(6);
    expect(at('any day but Wednesday, around noon')[0]).toBe('mon 12:00-14:00');
    expect(at('every day except Tuesday, from 10am to 12pm')[0]).toBe('mon 10:00-12:00');
  });

  test('a day after an exam in a subject is an event', () => {
    expect(at('quiz in genetics on Thursday, free Mondays')).toEqual(['mon 09:00-21:00']);
  });

  test('an answer that corrects itself keeps what it says last', () => {
    expect(at('Monday evening, actually no, Tuesday evening')).toEqual(['tue 18:00-22:00']);
    expect(at('Wednesdays, sorry, I meant Thursdays, after 5')).toEqual(['thu 17:00-22:00']);
    expect(at('Monday at 3, sorry I meant 5pm')).toEqual(['mon 17:00-19:00']);
  });

  test('a clock time overlapping the day part before it replaces it', () => {
    expect(at('weekday nights after 7pm')[0]).toBe('mon 19:00-22:00');
    expect(at('weekday nights after 7pm')).toHaveLength(5);
  });

  test('"2ish", the 24-hour clock in four digits, and the hour of an event as a bound', () => {
    expect(at('can meet 2ish on thursdays')).toEqual(['thu 14:00-16:00']);
    expect(at('thursday 1900-2100')).toEqual(['thu 19:00-21:00']);
    expect(at('Friday before class at 10')).toEqual(['fri 08:00-10:00']);
    expect(at('Friday after my shift at 9pm')).toEqual(['fri 21:00-22:00']);
  });

  test('day parts in Hindi and Tagalog words', () => {
    expect(at('Monday shaam ko')).toEqual(['mon 18:00-22:00']);
    expect(at('weekends subah')).toEqual(['sat 08:00-12:00', 'sun 08:00-12:00']);
  });

  test('"onwards", "n" between days, "the exam\'s", days said freely after a refusal', () => {
    expect(at('Mon to Fri, 6pm onwards')[0]).toBe('mon 18:00-22:00');
    expect(at('free on tues n thurs after 6')).toEqual(['tue 18:00-22:00', 'thu 18:00-22:00']);
    expect(at("the exam's next Wednesday, can meet Monday")).toEqual(['mon 09:00-21:00']);
    expect(at("can't do weekends, weekdays after 5")[0]).toBe('mon 17:00-22:00');
  });

  test('"10 in the morning", "2 in the afternoon": the day part gives the hour its half of the day', () => {
    expect(at('from 10 in the morning to 2 in the afternoon on Saturday')).toEqual(['sat 10:00-14:00']);
    expect(at('Sunday 9 in the evening')).toEqual(['sun 21:00-23:00']);
    expect(at('free after classes end at 4 on Mondays')).toEqual(['mon 16:00-22:00']);
  });

  test('a day naming a class, and the days of work or classes, are not free time', () => {
    expect(at('my Monday lecture is confusing, free Fridays')).toEqual(['fri 09:00-21:00']);
    expect(at('I work Mon-Fri 9 to 5, so only weekends')).toEqual(['sat 09:00-21:00', 'sun 09:00-21:00']);
  });

  test('the hours of work, training, practice or classes are not free time', () => {
    expect(at('I work nights at the hospital Mon-Wed so those are gone. Thu afternoons are good')).toEqual([
      'thu 12:00-18:00',
    ]);
    expect(at('practice M/W/F 3-6, games most saturdays. T/Th free from noon on')).toEqual([
      'tue 12:00-22:00',
      'thu 12:00-22:00',
    ]);
    expect(at('I do warehouse shifts 6am-2pm weekdays, so anything after about 4 on weekdays')).toHaveLength(
      5,
    );
    expect(at('my classes are 9-2 every weekday, so after 2 on weekdays')[0]).toBe('mon 14:00-22:00');
    expect(at('my lunch break at work is 12:30-1:15 on Fridays')).toEqual(['fri 12:30-13:15']);
    expect(at('I work best in the evenings, Mondays')).toEqual(['mon 18:00-22:00']);
    expect(at('I have classes in the morning, so afternoons on Tuesday')).toEqual(['tue 12:00-18:00']);
  });

  test('a day or a day part refused later in its clause', () => {
    expect(at('weekdays after 5. weekends I am with the kids so no')).toHaveLength(5);
    expect(at('Sundays after 3, Saturdays I have meets a lot so not those')).toEqual(['sun 15:00-22:00']);
    expect(at('any day except Wednesday. Mornings are not convenient, so afternoon is better')).toEqual(
      ['mon', 'tue', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 12:00-18:00`),
    );
    expect(at('free most evenings bar Friday')).toHaveLength(6);
  });

  test('a greeting names no time; hours said by voice-to-text, in words before "except", in dialect', () => {
    expect(at('Good afternoon. I am available Monday from 5pm to 8pm')).toEqual(['mon 17:00-20:00']);
    expect(at('boa tarde! i can do mondays after 6pm')).toEqual(['mon 18:00-22:00']);
    expect(at('Tuesday at too PM')).toEqual(['tue 14:00-16:00']);
    expect(at('every evening after eight except Sunday')).toHaveLength(6);
    expect(at('every evening after eight except Sunday')[0]).toBe('mon 20:00-22:00');
    expect(at('can dae tuesdays n thursdays efter 4')).toEqual(['tue 16:00-22:00', 'thu 16:00-22:00']);
    expect(at('entre semana a partir de las 5')[0]).toBe('mon 17:00-22:00');
  });

  test('misspelled days and day parts', () => {
    expect(at('im free on wensday and thersday afternon')).toEqual(['wed 12:00-18:00', 'thu 12:00-18:00']);
    expect(at('avalable munday to frieday after 5')).toHaveLength(5);
    expect(at('tusday evnings')).toEqual(['tue 18:00-22:00']);
    expect(at('the money is fine, sunny days')).toEqual([]);
  });

  test('an hour then its end is one range; a range inside the day part said before it narrows it', () => {
    expect(at('Mondays after asr prayer (around 4:30) till 7')).toEqual(['mon 16:30-19:00']);
    expect(at('Evening time I am free, 7 to 10')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 19:00-22:00`),
    );
  });

  test('days said without a time, each said again with one, are a heading', () => {
    expect(at('Weekends mostly - Saturday mornings ideal, Sundays after 3')).toEqual([
      'sat 08:00-12:00',
      'sun 15:00-22:00',
    ]);
  });

  test('a range past midnight ends on the next day; a night owl is no night', () => {
    expect(at('Fridays 11pm till 2am')).toEqual(['fri 23:00-24:00', 'sat 00:00-02:00']);
    expect(at('Night owl, Fridays 11pm till 2am')).toEqual(['fri 23:00-24:00', 'sat 00:00-02:00']);
    expect(at('Nights are best, 9pm to 1am, Sunday to Wednesday nights')).toEqual([
      'mon 00:00-01:00',
      'mon 21:00-24:00',
      'tue 00:00-01:00',
      'tue 21:00-24:00',
      'wed 00:00-01:00',
      'wed 21:00-24:00',
      'thu 00:00-01:00',
      'sun 21:00-24:00',
    ]);
    // Only an evening start with a morning end crosses: "10 to 2" stays one daytime range.
    expect(at('Sundays 10 to 2')).toEqual(['sun 10:00-14:00']);
  });

  test('a part of a day refused from the middle of its time leaves both ends; a prayer bounds the time after it', () => {
    expect(at('whenever suits, just not Monday arvos').filter((w) => w.startsWith('mon'))).toEqual([
      'mon 09:00-12:00',
      'mon 18:00-21:00',
    ]);
    expect(at('weekdays after Maghrib around 7:30 pm')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 19:30-22:00`),
    );
  });

  test('a lunch break, a range said free, a day with its lab, and days said again are read, not doubted', () => {
    expect(at('I can do my lunch break, 12 to 1, weekdays')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 12:00-13:00`),
    );
    expect(at("I'm on campus Tues and Thurs, between classes I have 11 to 1 free")).toEqual([
      'tue 11:00-13:00',
      'thu 11:00-13:00',
    ]);
    expect(at('Mondays, no wait, Mondays I have lab, make it Wednesdays from 5 to 8')).toEqual([
      'wed 17:00-20:00',
    ]);
    expect(at("I'm free Tuesday and Friday afternoons, actually not Friday. Only Tuesday.")).toEqual([
      'tue 12:00-18:00',
    ]);
    // A room number stays no time.
    expect(at('Mondays at lunch, room 2-3 is free')).toEqual(['mon 12:00-14:00']);
  });

  test('Dutch and Afrikaans days and day parts; clinicals are busy', () => {
    expect(at('Free maandag and dinsdag in de namiddag')).toEqual(['mon 12:00-18:00', 'tue 12:00-18:00']);
    expect(at('Ik kan woensdag en vrijdag in de avond')).toEqual(['wed 18:00-22:00', 'fri 18:00-22:00']);
    expect(at('Weekdays voor 10 in die oggend')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 08:00-10:00`),
    );
    expect(at('My clinicals are MWF so only Tuesday and Thursday work for me, 1-5pm')).toEqual([
      'tue 13:00-17:00',
      'thu 13:00-17:00',
    ]);
  });

  test('"X, but <day>" after a comma is a contrast, not an exception; a part of the day gone is refused', () => {
    expect(
      at("I work at the bookstore most afternoons, but Wednesday evenings and Sunday mornings I'm free"),
    ).toEqual(['wed 18:00-22:00', 'sun 08:00-12:00']);
    expect(at('any day but Friday')).not.toContain('fri 09:00-21:00');
    expect(at('Weekends. Mornings are mostly gone.')).toEqual(['sat 12:00-21:00', 'sun 12:00-21:00']);
  });

  test('shifts and work said with their days are no free time', () => {
    expect(at('I do 12hr night shifts Sat to Mon so Tues to Fri from 10 to 3')).toEqual([
      'tue 10:00-15:00',
      'wed 10:00-15:00',
      'thu 10:00-15:00',
      'fri 10:00-15:00',
    ]);
    expect(at('Work at the bottle-o Thurs to Sat nights. Mondays around lunchtime')).toEqual([
      'mon 12:00-14:00',
    ]);
  });

  test('"half four" alone is in the afternoon; "ten to twelve" opens a phrase; "no wait" corrects', () => {
    expect(at('Half four on Thursdays works for me')).toEqual(['thu 16:30-18:30']);
    expect(at('half seven in the morning on mondays')).toEqual(['mon 07:30-09:30']);
    // The start of a range takes its half of the day from the range.
    expect(at('friday half two to four')).toEqual(['fri 14:30-16:00']);
    expect(at('ten to twelve on saturdays, calc 1')).toEqual(['sat 10:00-12:00']);
    expect(at('mon no wait tues evening works for discrete')).toEqual(['tue 18:00-22:00']);
    expect(at('Monday actually no Tuesday evening')).toEqual(['tue 18:00-22:00']);
  });

  test('hospital duty and rehearsals are busy', () => {
    expect(at('I have duty at the hospital Tues and Thurs so MWF only, in the afternoon.')).toEqual([
      'mon 12:00-18:00',
      'wed 12:00-18:00',
      'fri 12:00-18:00',
    ]);
    expect(at('rehearsals every evening 6-9 so mornings only, before 11 though')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 08:00-11:00`),
    );
  });

  test('bus and train times are no free time', () => {
    expect(at('My shuttle gets in at 8:50, so Mondays 9 to 1 work')).toEqual(['mon 09:00-13:00']);
    expect(at('Wednesdays 12-5, the 5:30 bus is my last one')).toEqual(['wed 12:00-17:00']);
    // A place named after them is no journey.
    expect(at('Fridays, the bus stop at 5 is easiest')).toEqual(['fri 17:00-19:00']);
    expect(at('the train station 3-5 on mondays')).toEqual(['mon 15:00-17:00']);
  });

  test('a workplace named without "the"; "I\'m out" refuses the day after it', () => {
    expect(at('I work at Costco evenings so Saturday mornings')).toEqual(['sat 08:00-12:00']);
    expect(at("Any afternoon, I'm away on Thursdays")).toEqual(
      ['mon', 'tue', 'wed', 'fri', 'sat', 'sun'].map((d) => `${d} 12:00-18:00`),
    );
  });

  test('a hedged range, and a range inside the day part said before it, are times', () => {
    expect(at('Tuesdays are best for me, say 10 to 12')).toEqual(['tue 10:00-12:00']);
    expect(at('Thursday nights in the common room, 9 to 11')).toEqual(['thu 21:00-23:00']);
    expect(at('Friday, maybe 3-4 problems a week')).toEqual(['fri 09:00-21:00']);
  });

  test('"but" after a part of the day that is out, or opening a sentence, is a contrast', () => {
    expect(at('Afternoons are taken. But Monday mornings are free')).toEqual(['mon 08:00-12:00']);
  });

  test('"all day long" away from any day is a manner of speaking', () => {
    expect(at('I read about it all day long. Wednesday evenings')).toEqual(['wed 18:00-22:00']);
    expect(at('Sundays all day long')).toEqual(['sun 09:00-21:00']);
  });

  test('"eve" after a day is its evening; a tilde joins a range', () => {
    expect(at('Tues eve')).toEqual(['tue 18:00-22:00']);
    expect(at('Christmas eve is out, Fridays')).toEqual(['fri 09:00-21:00']);
    expect(at('Thursday 1~3pm')).toEqual(['thu 13:00-15:00']);
  });

  test('a range right after a day part starts in its half of the day, though it ends past it', () => {
    expect(at('Saturday nights 9 to 12')).toEqual(['sat 21:00-24:00']);
    expect(at('Fridays, evenings, 9-11')).toEqual(['fri 21:00-23:00']);
  });

  test("someone else's free days are not the student's", () => {
    expect(at('My roommate is only free Mondays, but I can do Thursday afternoons')).toEqual([
      'thu 12:00-18:00',
    ]);
    expect(at('My friend in the lab can do Sundays; I am free Saturdays')).toEqual(['sat 09:00-21:00']);
  });

  test('"wknd" and "wkdays" are the weekend and the weekdays', () => {
    expect(at('interning at a startup so wknd mornings only')).toEqual([
      'sat 08:00-12:00',
      'sun 08:00-12:00',
    ]);
    expect(at('wkdays after 6')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 18:00-22:00`));
  });

  test('a time said right before its days is theirs; days after them with a time of their own keep it', () => {
    expect(at('Available 9pm to 11pm weekdays, weekends anytime.')).toEqual([
      ...['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 21:00-23:00`),
      'sat 09:00-21:00',
      'sun 09:00-21:00',
    ]);
    // Said apart from the days, a time is not theirs alone.
    expect(at('after 6 Mon, Wed and Fri')).toEqual(['mon 18:00-22:00', 'wed 18:00-22:00', 'fri 18:00-22:00']);
  });

  test('a range right before "weekdays" keeps its "pm"', () => {
    expect(at('9am to 8pm weekdays')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 09:00-20:00`),
    );
  });

  test('the hour of an event said before it is a bound: "before my 11am class"', () => {
    expect(at('could meet before my 11am class on Tuesdays')).toEqual(['tue 08:00-11:00']);
    expect(at('Thursdays after the 2pm lecture')).toEqual(['thu 14:00-22:00']);
  });

  test('"all day" said of something else is no time', () => {
    expect(at('my experiments run all day so evenings only, 7-10ish.')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} 19:00-22:00`),
    );
    expect(at('I free weekend all day.')).toEqual(['sat 09:00-21:00', 'sun 09:00-21:00']);
  });

  test('"this Thursday" is a one-off: refusing it refuses no weekly day', () => {
    expect(at("I'm free Thursdays. Well, not this Thursday, I have a deadline, but generally yes.")).toEqual([
      'thu 09:00-21:00',
    ]);
    expect(at('free next Monday at 3')).toEqual([]);
  });

  test("the clock time of an event is its own, not the next days'", () => {
    expect(at("My Monday lecture is at 9 so I'm free Monday 11-1, and Thursday all afternoon.")).toEqual([
      'mon 11:00-13:00',
      'thu 12:00-18:00',
    ]);
  });

  test('nothing said, nothing read', () => {
    expect(at('I like linear algebra and CS-101, room 2-3')).toEqual([]);
    expect(at('')).toEqual([]);
  });
});

describe('the eleventh outside set', () => {
  const every = (span: string) =>
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} ${span}`);
  const weekdays = (span: string) => ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} ${span}`);

  test('a number of years or minutes after "after", "at" or "by" is no hour', () => {
    expect(at('Back at uni after 15 years away. Free weekday mornings.')).toEqual(weekdays('08:00-12:00'));
    expect(at('Saturdays, about 10 minutes from campus')).toEqual(['sat 09:00-21:00']);
  });

  test('a hedged range with its half of the day is one range: "around 10pm to 1am"', () => {
    expect(at("I'm around 10pm to 1am most nights")).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].flatMap((d) => [
        `${d} 00:00-01:00`,
        `${d} 22:00-24:00`,
      ]),
    );
  });

  test('a bare range right after "free" is a time; "generally" hedges a range as "usually" does', () => {
    expect(at('pretty much only free 12-2 most days')).toEqual(every('12:00-14:00'));
    expect(at("I'm on campus Tuesdays and Thursdays, generally 10 to 4")).toEqual([
      'tue 10:00-16:00',
      'thu 10:00-16:00',
    ]);
  });

  test('an exam referred to as "the next one" is an event', () => {
    expect(at('Failed the first midterm, the second one is on Friday. Free Mon and Wed evenings.')).toEqual([
      'mon 18:00-22:00',
      'wed 18:00-22:00',
    ]);
  });

  test('a time joined by "and" but said right before days of its own is theirs', () => {
    expect(at('free wednesdays after 3 and all day sunday')).toEqual(['wed 15:00-22:00', 'sun 09:00-21:00']);
  });

  test('rehearsing and an early start at work are no free time', () => {
    expect(at("I rehearse every evening so it'd need to be lunchtime")).toEqual(every('12:00-14:00'));
    expect(
      at("I have a 6am start at the bakery every weekend and I'm dead by noon. Weekday afternoons I'm good."),
    ).toEqual(weekdays('12:00-18:00'));
  });

  test('a day or a day part said to be taken by classes or practice is out, only on its days', () => {
    expect(at('MATH110 group, Tuesday evenings, Wednesday is my lab night.')).toEqual(['tue 18:00-22:00']);
    expect(at('Weekday afternoons are practice, weekends anytime')).toEqual([
      ...weekdays('09:00-12:00').flatMap((w) => [w, w.replace('09:00-12:00', '18:00-21:00')]),
      'sat 09:00-21:00',
      'sun 09:00-21:00',
    ]);
  });

  test('"don\'t" and "won\'t" refuse as "not" does, but not being busy is no refusal', () => {
    expect(at("I won't do mornings. Weekends work.")).toEqual(['sat 12:00-21:00', 'sun 12:00-21:00']);
    expect(at("I don't drive at night, so Mondays 10 to 2.")).toEqual(['mon 10:00-14:00']);
    expect(at("I don't do Mondays, any other evening is fine")).toEqual(
      every('18:00-22:00').filter((w) => !w.startsWith('mon')),
    );
    expect(at("I don't have class on Fridays so Fridays work")).toEqual(['fri 09:00-21:00']);
  });

  test('a single day said first without a time and again with one is a heading', () => {
    expect(at('in person Tuesdays at the math center, zoom on Sundays. Tue 3-5, Sun 7-9pm')).toEqual([
      'tue 15:00-17:00',
      'sun 19:00-21:00',
    ]);
  });

  test('a start inside the day part said before it narrows the part, in its half of the day', () => {
    expect(at('afternoons from 1 on a good day')).toEqual(every('13:00-18:00'));
    expect(at('Saturday mornings after 10')).toEqual(['sat 10:00-12:00']);
  });

  test('a range alone in brackets is a time in a sentence that names a day, not a count', () => {
    expect(at('tues and thurs between classes (11-1)')).toEqual(['tue 11:00-13:00', 'thu 11:00-13:00']);
    expect(at('we cover chapters (2-3) on mondays')).toEqual(['mon 09:00-21:00']);
  });

  test('a word of habit between "I" and "work" still opens days of work', () => {
    expect(at('I usually work tues thurs and sat. free mon wed fri after 5')).toEqual([
      'mon 17:00-22:00',
      'wed 17:00-22:00',
      'fri 17:00-22:00',
    ]);
  });

  test('"so those are out" takes what its sentence said before it', () => {
    expect(
      at('Drill is MWF 6-7am and choir is Tuesday nights, so those are out. Thursdays after 3 work.'),
    ).toEqual(['thu 15:00-22:00']);
    expect(at("I'm free Monday evenings but Tuesday and Wednesday I have lab so those are out")).toEqual([
      'mon 18:00-22:00',
    ]);
  });

  test('the age of a step in life is no hour', () => {
    expect(at('I left school at 19 to raise my kids. Tuesday afternoons work.')).toEqual(['tue 12:00-18:00']);
  });
});

describe('the thirteenth outside set', () => {
  const every = (span: string) =>
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} ${span}`);

  test('a start said with its end is one range, an end hedged too', () => {
    expect(at('tues after 8 till about 11')).toEqual(['tue 20:00-23:00']);
    expect(at('tues after 8 till 11')).toEqual(['tue 20:00-23:00']);
  });

  test('"now" of the student\'s year is no hour, nor a one-off', () => {
    expect(at('passed calc 1 and 2, now struggling in analysis. free after 6 most days')).toEqual(
      every('18:00-22:00'),
    );
    expect(at('free now, after 6')).toEqual([]);
  });

  test('"sorry" after a dash corrects the day before it', () => {
    expect(at('Thursday — sorry, Friday, after 6')).toEqual(['fri 18:00-22:00']);
  });

  test('"I have labs" before days refuses them', () => {
    expect(at("I have labs tuesday and thursday afternoons, and I'm free mon/wed afternoons")).toEqual([
      'mon 12:00-18:00',
      'wed 12:00-18:00',
    ]);
  });

  test('jobs, placements, office hours and shifts are no free time', () => {
    expect(at("I drive for uber eats most evenings so I'm only really free mornings")).toEqual(
      every('08:00-12:00'),
    );
    expect(at('I work retail weekends so weekdays only, after 6pm')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} 18:00-22:00`),
    );
    expect(at('on placement most weekdays so wknds are my only option')).toEqual([
      'sat 09:00-21:00',
      'sun 09:00-21:00',
    ]);
    expect(at('night shift security guard, free afternoons mostly')).toEqual(every('12:00-18:00'));
    expect(at("I'm free mornings after my night shift")).toEqual(every('08:00-12:00'));
    expect(at('i work at the library mon 5-9. sunday whenever')).toEqual(['sun 09:00-21:00']);
    // Working best at a time is free.
    expect(at('I work best evenings')).toEqual(every('18:00-22:00'));
  });

  test('"any other" days are those not named before them', () => {
    expect(at('Office hours are mon 10-12 so any other weekday morning')).toEqual(
      ['tue', 'wed', 'thu', 'fri'].map((d) => `${d} 08:00-12:00`),
    );
  });

  test('"any other day" is the days not named before it', () => {
    expect(at('we have a lab trip on fridays so not fridays. any other day 2pm-4pm')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'sat', 'sun'].map((d) => `${d} 14:00-16:00`),
    );
  });

  test('"so not those evenings" takes what its sentence said before it, and the evenings', () => {
    expect(at('lab mon, wed 5-9 so not those evenings. tues/thurs evenings good')).toEqual([
      'tue 18:00-22:00',
      'thu 18:00-22:00',
    ]);
  });
});

describe('the fifteenth outside set', () => {
  const weekdays = (span: string) => ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} ${span}`);

  test('a day said to be dead, or to leave the writer a zombie, is refused', () => {
    expect(at('evenings are dead for me. Thursday afternoons')).toEqual(['thu 12:00-18:00']);
    expect(at('sundays I am a zombie. saturday mornings')).toEqual(['sat 08:00-12:00']);
  });

  test('"takes up my weekends" refuses them', () => {
    expect(at('Football takes up my weekends, so any weekday evening')).toEqual(weekdays('18:00-22:00'));
  });

  test('one weekend a month is no weekly day', () => {
    expect(at('I visit home one weekend a month')).toEqual([]);
  });

  test('training or a lecture at a clock time is no free time', () => {
    expect(at('6am rowing practice, then free after 4 on weekdays')).toEqual(weekdays('16:00-22:00'));
    // A lecture the free time follows stays a bound: "free wednesdays after my 3pm lecture".
    expect(at('free wednesdays after my 3pm lecture')).toEqual(['wed 15:00-22:00']);
  });
});

describe('the sixteenth outside set', () => {
  const weekdays = (span: string) => ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} ${span}`);

  test('the weekend said whole before "or" or "and" keeps no time said after the weekdays', () => {
    expect(at('weekends or thurs evening')).toEqual([
      'thu 18:00-22:00',
      'sat 09:00-21:00',
      'sun 09:00-21:00',
    ]);
    expect(at('free wknds and weekday afternoons')).toEqual([
      ...weekdays('12:00-18:00'),
      'sat 09:00-21:00',
      'sun 09:00-21:00',
    ]);
    // Its two days named share the time.
    expect(at('saturday and sunday mornings')).toEqual(['sat 08:00-12:00', 'sun 08:00-12:00']);
  });

  test('"any other evening" is the evening of the days not named before it', () => {
    expect(at('rugby training is mon and wed nights, so any other evening')).toEqual([
      'tue 18:00-22:00',
      'thu 18:00-22:00',
      'fri 18:00-22:00',
      'sat 18:00-22:00',
      'sun 18:00-22:00',
    ]);
  });

  test('studio, gym or band sessions said with their days are no free time', () => {
    expect(at('band sessions are mon and thu nights, free tue, wed evenings')).toEqual([
      'tue 18:00-22:00',
      'wed 18:00-22:00',
    ]);
  });

  test('babysitting, coaching, a job or working at a place, said with days, is no free time', () => {
    expect(at('i babysit most weekday afternoons. weekend evenings work')).toEqual([
      'sat 18:00-22:00',
      'sun 18:00-22:00',
    ]);
    expect(at('working at the pharmacy fri and sat. weekday mornings')).toEqual(weekdays('08:00-12:00'));
    expect(at('part-time job Tue-Thu 10-4, so Monday or Friday')).toEqual([
      'mon 09:00-21:00',
      'fri 09:00-21:00',
    ]);
  });

  test('the weekend added after a comma to weekdays given a time said before them is whole', () => {
    expect(at('after 7 on weekdays, or weekends')).toEqual([
      ...weekdays('19:00-22:00'),
      'sat 09:00-21:00',
      'sun 09:00-21:00',
    ]);
  });

  test('"around 8 to 10" after an evening is a range in the evening, not a point at 8am', () => {
    expect(at('evenings suit me best, around 8 to 10')).toEqual([
      'mon 20:00-22:00',
      'tue 20:00-22:00',
      'wed 20:00-22:00',
      'thu 20:00-22:00',
      'fri 20:00-22:00',
      'sat 20:00-22:00',
      'sun 20:00-22:00',
    ]);
    // Alone, a range hedged so is still a time.
    expect(at('around 11 to 1')).toHaveLength(7);
  });

  test('"but" after a clause said of the time before it adds a choice, not an exception', () => {
    expect(at('Thursday evenings are ideal but Monday afternoons could work too')).toEqual([
      'mon 12:00-18:00',
      'thu 18:00-22:00',
    ]);
    expect(at('evenings but Sunday')).toHaveLength(6);
  });

  test('a word close to a day before "uni", "college" or the like names a place, no day', () => {
    expect(at('I study at Sunway university, free fridays')).toEqual(['fri 09:00-21:00']);
    expect(at('free wensday evenings')).toEqual(['wed 18:00-22:00']);
  });

  test('a job said between "I work" and "on" its days is no free time', () => {
    expect(at('i work retail on weekends so weekdays only, after 4')).toEqual(weekdays('16:00-22:00'));
  });

  test('"I\'m out hiking on weekends" refuses them', () => {
    expect(at("I'm out climbing on weekends so only weekdays, after 5")).toEqual(weekdays('17:00-22:00'));
  });

  test('"6am starts" said with days are shifts, no free time', () => {
    expect(at('I pack boxes at the depot, 6am starts mon wed fri. tue and thu afternoons are fine')).toEqual([
      'tue 12:00-18:00',
      'thu 12:00-18:00',
    ]);
  });

  test('"basically every night" after a range past midnight only says it is at night', () => {
    expect(at('free 11pm till 1am pretty much every night')).toContain('mon 23:00-24:00');
    expect(readAvailability('free 11pm till 1am pretty much every night').doubts).toEqual([]);
  });

  test('a time said right after days replaces one carried to them from an earlier sentence', () => {
    expect(at("can't do fridays, placement all day. need help with stats. mon to thu after 7:30")).toEqual([
      'mon 19:30-22:00',
      'tue 19:30-22:00',
      'wed 19:30-22:00',
      'thu 19:30-22:00',
    ]);
  });

  test('"those same days" are the days named before', () => {
    expect(at('I do night shifts Mon to Wed. So 3pm to 7pm on those same days')).toEqual([
      'mon 15:00-19:00',
      'tue 15:00-19:00',
      'wed 15:00-19:00',
    ]);
  });

  test('"we meet … for" a club, or "we train", with days, is no free time; a study group meeting is', () => {
    expect(at('We meet Monday nights for choir, so Tuesday or Wednesday evenings')).toEqual([
      'tue 18:00-22:00',
      'wed 18:00-22:00',
    ]);
    expect(at('We meet Monday nights for revision, join us')).toEqual(['mon 20:00-24:00']);
  });

  test('the hours said with a part of the day said to be out are no hour left unread', () => {
    const read = readAvailability('weekday mornings are lectures (9-12). weekday afternoons after 2');
    expect(read.windows.map((w) => `${w.day} ${w.start}-${w.end}`)).toEqual(weekdays('14:00-18:00'));
    expect(read.confidence).toBeGreaterThan(0.5);
  });

  test('a narrower time said after "all the time", before the same days, is theirs', () => {
    expect(at('free pretty much all the time, so after 4 on weekdays')).toEqual(weekdays('16:00-22:00'));
  });

  test('a clock time said to be gone is refused; a time before "or … at weekends" is theirs', () => {
    expect(
      at('on placement so weekdays 9-5 are gone. weekday evenings after 7 or any time at weekends'),
    ).toEqual([...weekdays('19:00-22:00'), 'sat 09:00-21:00', 'sun 09:00-21:00']);
    expect(at('weekday evenings or any time at the weekend')).toEqual([
      ...weekdays('18:00-22:00'),
      'sat 09:00-21:00',
      'sun 09:00-21:00',
    ]);
  });

  test('a clock range later in the sentence of a day said whole narrows it', () => {
    expect(at("I'm on campus all day Friday, happy to meet in the library between 11 and 3")).toEqual([
      'fri 11:00-15:00',
    ]);
  });
});

describe("the round on the nineteenth set's dev misses", () => {
  const every = (span: string) =>
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => `${d} ${span}`);
  const weekdays = (span: string) => ['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => `${d} ${span}`);

  test('a job at a place said with its days and hours is no free time', () => {
    expect(at('I have a job at a garden centre Sat and Sun 7am-3pm, so weekday evenings')).toEqual(
      weekdays('18:00-22:00'),
    );
  });

  test('a hedge before "onwards" says nothing about the hour', () => {
    expect(at('weeknights, about 8:30 onwards')).toEqual(weekdays('20:30-22:00'));
  });

  test('a clock range starting inside the day part before it and running past it replaces it', () => {
    expect(at('afternoons suit me, 4pm to 7pm')).toEqual(every('16:00-19:00'));
    // "after 6" is no day part, and "nights" no clock range: both stay as they are.
    expect(at('free mon after 6, i deliver pizza most other nights')).toEqual(['mon 18:00-22:00']);
  });

  test('clinicals, rotations and placements said with their days are no free time', () => {
    expect(at('8 hr rotations mon and thu. other days fine after 3pm')).toEqual([
      'tue 15:00-22:00',
      'wed 15:00-22:00',
      'fri 15:00-22:00',
      'sat 15:00-22:00',
      'sun 15:00-22:00',
    ]);
  });

  test('a day part said to be choir, drill or church is out, and what it leaves under an hour too', () => {
    expect(at('Wednesday evenings are choir. Otherwise weekdays from 5:30pm')).toEqual([
      'mon 17:30-22:00',
      'tue 17:30-22:00',
      'thu 17:30-22:00',
      'fri 17:30-22:00',
    ]);
  });

  test('a refusal that leaves less than an hour of a window leaves nothing of it', () => {
    expect(at('weekdays from 7:30pm, just not tuesday nights')).toEqual([
      'mon 19:30-22:00',
      'wed 19:30-22:00',
      'thu 19:30-22:00',
      'fri 19:30-22:00',
    ]);
  });

  test('a day said to be choir or church is out', () => {
    expect(at('Sundays are church, Saturdays after 2')).toEqual(['sat 14:00-22:00']);
  });

  test('free time said to follow a busy clause starts at the end of its clock range, on its days', () => {
    expect(at('my shifts are tue/thu 8am-4pm, after that I am free')).toEqual([
      'tue 16:00-22:00',
      'thu 16:00-22:00',
    ]);
  });

  test('a bare clock range said to suit or work for the student is a time', () => {
    expect(at('the afternoons are lectures, so 9 to 11 suits me')).toEqual(every('09:00-11:00'));
    expect(at('room 2-3 works for me')).toEqual([]);
  });

  test('"anytime this week" is no weekly slot', () => {
    expect(at('whenever this week is good, exam is friday')).toEqual([]);
    expect(at('tuesdays 3-5, I have an exam next week')).toEqual(['tue 15:00-17:00']);
  });
});
