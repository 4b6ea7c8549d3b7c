import type { AvailabilityWindow } from './availability-assemble';
import { DAY_PARTS, DAY_WORDS, namesShift, OUT_AFTER, SHORT_DAY_LIST, shortDays } from './availability-words';

/**
 * Signs that the availability read from an answer may be wrong, whatever words the answer used:
 * they look at the windows read against the time-like material of the answer, not at any phrasing.
 * Any one of them makes the interview ask about availability rather than fill it (confidence
 * 0.4). Chosen on the dev splits; docs/assistants.md, "Measured quality".
 *
 * - `overlap`: two windows of one day overlap. The rules never mean to say one day twice; it is
 *   two readings of the same words ("Tuesday and Friday afternoons — actually not Friday… Only
 *   Tuesday" read as Tuesday all day and Tuesday afternoon).
 * - `untimed-beside-timed`: some days were given no time (09:00–21:00) while others have a clock
 *   time of their own, and the answer has no word for a whole day ("anytime", "whenever", "all
 *   day"): a time that belonged to a list of days reached only some of them ("Tuesdays an
 *   Thursdays after 4"), or days said as a constraint were read as free ("my clinicals are MWF so
 *   only Tuesday and Thursday work, 1-5pm").
 * - `unread-hour`: an hour said as a time (with am/pm, minutes or "h", or next to "at", "after",
 *   "till", a dash…) that is neither a start nor an end of any window, outside the clauses of work,
 *   classes or training the reading set aside ("weekdays 2-4pm, I get home at 7:30").
 * - `unread-day-part`: a day part ("mornings") that no window overlaps, not refused ("can't do
 *   mornings", "mornings are out"), not inside a clause of work or classes, and not the name of a
 *   shift ("after my night shift").
 */
export type AvailabilityDoubt = 'overlap' | 'untimed-beside-timed' | 'unread-hour' | 'unread-day-part';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const whole = (w: AvailabilityWindow) => w.start === '09:00' && w.end === '21:00';
/** A window with a clock time of its own at both ends, not a whole day cut by a refusal. */
const timed = (w: AvailabilityWindow) => w.start !== '09:00' && w.end !== '21:00';

/** Words that give a day no time on purpose, said near a day ("sun whenever", "all day Saturday"). */
const WHOLE_DAY_WORD =
  /\b(?:any ?time|whenever|all day(?! long)|full day|all the time|jederzeit|cuando sea|a toute heure|generally)\b/g;
const DAY_NAME = new RegExp(DAY_WORDS.map(([re]) => re.source).join('|'));
const dayWhole = (text: string) =>
  [...text.matchAll(WHOLE_DAY_WORD)].some((m) =>
    DAY_NAME.test(text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30)),
  );

/** Where each day is named, and in which sentence. */
function dayMentions(text: string): Array<{ sentence: number; days: readonly string[] }> {
  const sentenceAt = (at: number) => (text.slice(0, at).match(/[.;!?\n]/g) ?? []).length;
  const out = DAY_WORDS.flatMap(([re, days]) =>
    [...text.matchAll(new RegExp(re.source, 'g'))].map((m) => ({ sentence: sentenceAt(m.index), days })),
  );
  for (const m of text.matchAll(new RegExp(SHORT_DAY_LIST.source, 'g')))
    out.push({ sentence: sentenceAt(m.index), days: shortDays(m[0]) });
  return out;
}

const weekend = (d: string) => d === 'sat' || d === 'sun';
/** "… or", "… and", "… +" just before a day: the day is added to what was said before it. */
const ADDED = /(?:\bor|\band|\bplus|\+|&)\s+(?:(?:any ?time|all day|anytime) )?(?:(?:at|on) )?(?:the )?$/;

/**
 * The weekend added whole, after two or more weekdays given a time, is meant so: the time is the
 * one left by the weekdays' classes or work ("weeknights after 7 or saturday", "T/Th afternoons +
 * wknds").
 */
function weekendAddedWhole(text: string, untimed: Set<string>, withTime: Set<string>): boolean {
  if (![...untimed].every(weekend) || withTime.size === 0 || [...withTime].some(weekend)) return false;
  const said = DAY_WORDS.flatMap(([re, days]) =>
    [...text.matchAll(new RegExp(re.source, 'g'))].map((m) => ({
      at: m.index,
      end: m.index + m[0].length,
      days,
    })),
  );
  const untimedSaid = said.filter((m) => m.days.some((d) => untimed.has(d)));
  if (untimedSaid.length === 0) return false;
  if (withTime.size >= 2 && untimedSaid.every((m) => ADDED.test(text.slice(Math.max(0, m.at - 20), m.at))))
    return true;
  // "weekends or fri afternoon": the weekend said as one word, whole, before "or" or "and" and
  // the weekdays that take the time.
  return untimedSaid.every(
    (m) =>
      m.days.length === 2 &&
      said.some(
        (n) =>
          n.at > m.at && n.days.every((d) => withTime.has(d)) && ADDED_BEFORE.test(text.slice(m.end, n.at)),
      ),
  );
}
/** Between the weekend and the weekdays said after it: "weekends or", "am Wochenende, or". */
const ADDED_BEFORE = /^\s*,?\s*(?:or|and|oder|und|ou|et|o|y|&|\+)\s+(?:(?:on|the|am|le|el)\s+)*$/;

/** A part of the day said last before "and", "or", "+": "Wednesday afternoon and". */
const TIME_THEN_ADDED = new RegExp(
  String.raw`(?:\b(?:${DAY_PARTS.slice(1)
    .map(([re]) => re.source.replace(/^\\b/, '').replace(/\\b$/, ''))
    .join('|')}))\s*,?\s*(?:\bor|\band|\bplus|\+|&)\s+(?:(?:at|on) )?(?:the )?$`,
);

/**
 * Days added whole after the time of the days before them ("free on Wednesday afternoon and
 * Saturday"): the time was said with its own days, before the list went on.
 */
function addedAfterTime(text: string, untimed: Set<string>): boolean {
  const said = DAY_WORDS.flatMap(([re, days]) =>
    [...text.matchAll(new RegExp(re.source, 'g'))].map((m) => ({ at: m.index, days })),
  );
  const untimedSaid = said.filter((m) => m.days.some((d) => untimed.has(d)));
  return (
    untimedSaid.length > 0 &&
    untimedSaid.every((m) => TIME_THEN_ADDED.test(text.slice(Math.max(0, m.at - 60), m.at)))
  );
}

/**
 * Days left without a time named in the same sentence as days with a clock time of their own, and
 * no word for a whole day near a day: "Tuesdays an Thursdays after 4". Days without a time in a
 * sentence of their own are meant so ("weekdays I can only do after 8pm; weekends").
 */
function untimedBesideTimed(text: string, windows: readonly AvailabilityWindow[]): boolean {
  const untimed = new Set(windows.filter(whole).map((w) => w.day as string));
  const withTime = new Set(windows.filter(timed).map((w) => w.day as string));
  if (untimed.size === 0 || withTime.size === 0 || dayWhole(text)) return false;
  if (weekendAddedWhole(text, untimed, withTime) || addedAfterTime(text, untimed)) return false;
  const mentions = dayMentions(text);
  return mentions.some(
    (a) =>
      a.days.some((d) => untimed.has(d)) &&
      mentions.some(
        (b) => b.sentence === a.sentence && b.days.some((d) => withTime.has(d) && !untimed.has(d)),
      ),
  );
}

/** An hour said as a time: marked, or next to a word or a dash that makes it one. */
const HOUR =
  /(?<![\p{L}\d:.])(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|h\b|uhr|o'?clock)?(?!\d|st\b|nd\b|rd\b|th\b)/gu;
const TIME_BEFORE =
  /\b(?:at|after|before|from|by|around|till|til|until|to|since|ab|apres|a|a las|de|des|between)\s*$|[-–@~]\s*$/;
/** "4 to 6", "5ish"; not "Calc 1 to freshmen", where no hour follows the range word. */
const TIME_AFTER = /^\s*(?:(?:-|–|to|till|til|until|a|bis)\s*(?:\d|noon|midnight|late)|ish\b)/;
/** "2-3 people", "18 mois", "3.14": numbers that are no hour. */
const NOT_AN_HOUR =
  /^\d{1,2}(?:\s*[-–]\s*\d{1,2})?\s*(?:people|persons?|students|of us|hours?|hrs?|mins?|minutes?|mois|months?|years?|yrs?|weeks?|days?|kids?|credits?|units?|%)/;
/**
 * Hours of work or classes said in passing, with no clause of their own: "I work 9-5", "my lecture
 * is at 9", "lab till 8"; a job named by its hours: "I've got a 9-5".
 */
const BUSY_BEFORE =
  /\b(?:work|working|shifts?|class(?:es)?|lectures?|labs?|practice|training|job)\s*(?:is|are|from|till|til|until)?\s*(?:at|@)?\s*(?:\d{1,2}(?::\d\d)?\s*[-–]\s*)?$/;

/** A job named by its hours: "I've got a 9-5", "I work a 7-3". */
const JOB_BEFORE = /\b(?:got|have|had|do|doing|work|working) an? $/;
const JOB_BEFORE_END = /\b(?:got|have|had|do|doing|work|working) an? \d{1,2}\s*[-–]\s*$/;

const REFUSED_BEFORE =
  /(?:\bnot|\bno|n'?t|\bnever|\bpas|\bnicht|\bexcept|\bbut)\b[^,.;!?]*$|\b(?:every|most)\s*$/;
const REFUSED_AFTER = /^[^,.;!?]{0,25}\b(?:not|out|bad|no)\b|^[^.;!?]{0,40}\b(?:are|is) (?:out|not|bad)\b/;

export function availabilityDoubts(
  clockText: string,
  windows: readonly AvailabilityWindow[],
  busy: ReadonlyArray<[number, number]>,
): AvailabilityDoubt[] {
  if (windows.length === 0) return [];
  const out: AvailabilityDoubt[] = [];
  const inBusy = (at: number) => busy.some(([a, b]) => at >= a && at < b);

  const byDay = new Map<string, Array<[number, number]>>();
  for (const w of windows)
    byDay.set(w.day, [...(byDay.get(w.day) ?? []), [minutes(w.start), minutes(w.end)]]);
  const overlap = [...byDay.values()].some((spans) =>
    spans.some((a, i) => spans.some((b, j) => j > i && a[0] < b[1] && b[0] < a[1])),
  );
  if (overlap) out.push('overlap');

  if (untimedBesideTimed(clockText, windows)) out.push('untimed-beside-timed');

  // Starts and ends on a twelve-hour clock: "4" is a bound of 16:00.
  const bounds = new Set(windows.flatMap((w) => [minutes(w.start) % 720, minutes(w.end) % 720]));
  for (const m of clockText.matchAll(HOUR)) {
    const hour = Number(m[1]);
    const minute = Number(m[2] ?? 0);
    if (hour > 24 || minute > 59) continue;
    const before = clockText.slice(Math.max(0, m.index - 20), m.index);
    const after = clockText.slice(m.index + m[0].length, m.index + m[0].length + 8);
    const marked = m[3] !== undefined || (m[2] !== undefined && m[0][m[1]!.length] !== '.');
    if (!marked && !TIME_BEFORE.test(before) && !TIME_AFTER.test(after)) continue;
    if (bounds.has((hour % 12) * 60 + minute)) continue;
    if (inBusy(m.index) || NOT_AN_HOUR.test(clockText.slice(m.index, m.index + 20))) continue;
    if (BUSY_BEFORE.test(before)) continue;
    // "I've got a 9-5 at a bank": a job named by its hours.
    if ((JOB_BEFORE.test(before) && /^\s*[-–]\s*\d/.test(after)) || JOB_BEFORE_END.test(before)) continue;
    // "it's -20 out": a minus sign glued to a number after a space is no dash of a range.
    if (/(?:^|[^\d\s])\s+[-–]$/.test(before) || /^[-–]$/.test(before)) continue;
    out.push('unread-hour');
    break;
  }

  const seen: Array<[number, number]> = [];
  parts: for (const [sticky, span] of DAY_PARTS) {
    for (const m of clockText.matchAll(new RegExp(sticky.source, 'g'))) {
      const end = m.index + m[0].length;
      if (seen.some(([a, b]) => m.index < b && a < end)) continue;
      seen.push([m.index, end]);
      if (windows.some((w) => minutes(w.start) < span.end && span.start < minutes(w.end))) continue;
      if (inBusy(m.index)) continue;
      // "after my night shift", "I'm on nights": the name of a shift, not a part of the day said free.
      if (namesShift(clockText, m.index, end)) continue;
      if (REFUSED_BEFORE.test(clockText.slice(Math.max(0, m.index - 30), m.index))) continue;
      if (
        REFUSED_AFTER.test(clockText.slice(end, end + 30)) ||
        OUT_AFTER.test(clockText.slice(end, end + 50))
      )
        continue;
      out.push('unread-day-part');
      break parts;
    }
  }
  return out;
}
