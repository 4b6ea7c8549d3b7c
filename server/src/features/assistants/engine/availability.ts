import * as chrono from 'chrono-node';
import { WEEKDAYS, type Weekday } from '@studium/protocol';
import { fold, tokenize, type Token } from './text';

/**
 * Weekly availability from free text. The conventions (docs/assistants.md):
 * morning 08:00–12:00, afternoon 12:00–18:00, evening 18:00–22:00, night 20:00–24:00,
 * lunchtime 12:00–14:00; a day named without a time is 09:00–21:00; "after 6" is 18:00–22:00
 * (a bare hour after "after" is in the afternoon or evening); "before 10" is 08:00–10:00; a
 * single time ("at 3pm") is a two-hour block; a bare hour from 1 to 7 is pm. A time or day part
 * without a day means every day ("evenings except Friday": every evening but Friday's).
 * Weekdays are Monday to Friday, the weekend Saturday and Sunday. Days in a negation or after
 * "except", "apart from", "other than" are removed from every block.
 */
export interface AvailabilityWindow {
  day: Weekday;
  start: string;
  end: string;
}

interface Span {
  start: number;
  end: number;
  /** A range of bare numbers ("2-3"): a time only next to a day or another time. */
  bare?: boolean;
}

const DAY_WORDS: ReadonlyArray<[RegExp, Weekday[]]> = [
  [/\b(?:mondays?|mon)\b/y, ['mon']],
  [/\b(?:tuesdays?|tues?)\b/y, ['tue']],
  [/\b(?:wednesdays?|weds?)\b/y, ['wed']],
  [/\b(?:thursdays?|thurs?|thu)\b/y, ['thu']],
  [/\b(?:fridays?|fri)\b/y, ['fri']],
  [/\b(?:saturdays?|sat)\b/y, ['sat']],
  [/\b(?:sundays?|sun)\b/y, ['sun']],
  [
    /\b(?:weekdays?|work ?days?|during the week|week ?nights?|school ?nights?)\b/y,
    ['mon', 'tue', 'wed', 'thu', 'fri'],
  ],
  [/\b(?:weekends?|week-ends?|saturdays? and sundays?)\b/y, ['sat', 'sun']],
  [
    /\b(?:every ?day|everyday|daily|any ?day|all week|any ?time|anytime|whenever|7 days a week|seven days a week|every day of the week)\b/y,
    [...WEEKDAYS],
  ],
];

const DAY_PARTS: ReadonlyArray<[RegExp, Span]> = [
  [/\b(?:early )?mornings?\b/y, { start: 8 * 60, end: 12 * 60 }],
  [/\b(?:lunch ?times?|lunch|midday|noon)\b/y, { start: 12 * 60, end: 14 * 60 }],
  [/\b(?:late )?afternoons?\b/y, { start: 12 * 60, end: 18 * 60 }],
  [/\b(?:evenings?|tonight|after work|after dinner)\b/y, { start: 18 * 60, end: 22 * 60 }],
  [/\b(?:nights?|late at night)\b/y, { start: 20 * 60, end: 24 * 60 }],
];

const ORDER: Record<Weekday, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };
const WHOLE_DAY: Span = { start: 9 * 60, end: 21 * 60 };

function dayOf(word: string): Weekday | null {
  for (const [re, days] of DAY_WORDS.slice(0, 7)) {
    re.lastIndex = 0;
    const m = new RegExp(`^(?:${re.source})$`).exec(word);
    if (m) return days[0]!;
  }
  return null;
}

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A bare or marked hour to minutes; `bias` says which half of the day a bare hour is in. */
function hourOf(
  h: number,
  m: number,
  meridiem: string | undefined,
  bias: 'pm-small' | 'pm' | 'am',
): number | null {
  if (h > 24 || m > 59) return null;
  let hour = h;
  if (meridiem === 'pm' || meridiem === 'p.m.') hour = h === 12 ? 12 : h + 12;
  else if (meridiem === 'am' || meridiem === 'a.m.') hour = h === 12 ? 0 : h;
  else if (meridiem === undefined && h <= 12) {
    if (bias === 'pm' && h < 12) hour = h + 12;
    else if (bias === 'pm-small' && h >= 1 && h <= 7) hour = h + 12;
  }
  if (hour > 24) return null;
  return hour * 60 + m;
}

interface Item {
  at: number;
  endAt: number;
  kind: 'days' | 'time' | 'except' | 'break';
  days?: Weekday[];
  span?: Span;
  negated?: boolean;
}

const EXCEPT =
  /\b(?:not on|busy on|working on|i work on|unavailable on|not available on|no)\b(?=\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|week))|\b(?:except(?: for)?|apart from|other than|but not|excluding)\b/y;
const BUT_EXCEPT = /\bbut(?= (?:on )?(?:mon|tue|wed|thu|fri|sat|sun))/y;
const BREAKS = /\b(?:but|however|though|although)\b(?! not)|[;\n]/y;

const NUM = String.raw`(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?`;
const TIME_RULES: ReadonlyArray<[RegExp, (m: RegExpExecArray) => Span | null]> = [
  [
    new RegExp(
      String.raw`\b(?:from\s+|between\s+)?${NUM}\s*(?:-|–|to|until|till|til|and)\s*${NUM}(?!\s*(?:hours?|hrs?|h\b|times|people|weeks?|days?|\d))`,
      'y',
    ),
    (m) => {
      const endMer = m[6];
      const end = hourOf(Number(m[4]), Number(m[5] ?? 0), endMer, 'pm-small');
      let start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3] ?? endMer, 'pm-small');
      if (start === null || end === null) return null;
      if (start >= end && m[3] === undefined)
        start = hourOf(Number(m[1]), Number(m[2] ?? 0), undefined, 'am');
      if (start === null || start >= end) return null;
      const bare = !/am|pm|a\.m|p\.m|:|^(?:from|between)/.test(m[0]);
      return { start, end, bare };
    },
  ],
  [
    new RegExp(String.raw`\b(?:after|from|past|later than)\s+${NUM}`, 'y'),
    (m) => {
      const start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm');
      if (start === null) return null;
      return { start, end: start >= 22 * 60 ? 24 * 60 : Math.max(22 * 60, start + 60) };
    },
  ],
  [
    new RegExp(String.raw`\b(?:before|until|till|by)\s+${NUM}`, 'y'),
    (m) => {
      const end = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm-small');
      if (end === null || end <= 8 * 60) return null;
      return { start: 8 * 60, end };
    },
  ],
  [
    new RegExp(String.raw`\b(?:at|around|about|@)\s+${NUM}`, 'y'),
    (m) => {
      const start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm-small');
      if (start === null || start >= 24 * 60) return null;
      return { start, end: Math.min(24 * 60, start + 120) };
    },
  ],
  [
    /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)/y,
    (m) => {
      const start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm-small');
      if (start === null || start >= 24 * 60) return null;
      return { start, end: Math.min(24 * 60, start + 120) };
    },
  ],
  [
    /\b([01]?\d|2[0-3]):([0-5]\d)\b/y,
    (m) => {
      const start = Number(m[1]) * 60 + Number(m[2]);
      return { start, end: Math.min(24 * 60, start + 120) };
    },
  ],
];

const CLOCK_HINT = /\d|noon|midnight|o'clock|half past|quarter/;

/** Clock times chrono-node reads that the rules above do not ("noon till 2", "half past three"). */
function chronoTimes(text: string): Item[] {
  const out: Item[] = [];
  for (const r of chrono.parse(text, new Date(2024, 0, 1, 12))) {
    if (!r.start.isCertain('hour')) continue;
    const start = (r.start.get('hour') ?? 0) * 60 + (r.start.get('minute') ?? 0);
    let end = r.end?.isCertain('hour')
      ? (r.end.get('hour') ?? 0) * 60 + (r.end.get('minute') ?? 0)
      : start + 120;
    if (end <= start) end = Math.min(24 * 60, start + 120);
    out.push({
      at: r.index,
      endAt: r.index + r.text.length,
      kind: 'time',
      span: { start, end: Math.min(end, 24 * 60) },
    });
  }
  return out;
}

function scan(text: string, negatedAt: (pos: number) => boolean): Item[] {
  const items: Item[] = [];
  let i = 0;
  outer: while (i < text.length) {
    // A day range first: "monday to friday", "mon-thu".
    const range = /\b([a-z]+)\s*(?:-|–|to|through|thru|till|until)\s*([a-z]+)\b/y;
    range.lastIndex = i;
    const rm = range.exec(text);
    if (rm) {
      const a = dayOf(rm[1]!);
      const b = dayOf(rm[2]!);
      if (a && b) {
        const days: Weekday[] = [];
        for (let k = ORDER[a]; ; k = (k + 1) % 7) {
          days.push(WEEKDAYS[k]!);
          if (k === ORDER[b] || days.length === 7) break;
        }
        items.push({ at: i, endAt: range.lastIndex, kind: 'days', days, negated: negatedAt(i) });
        i = range.lastIndex;
        continue;
      }
    }
    for (const [re, fn] of TIME_RULES) {
      re.lastIndex = i;
      const m = re.exec(text);
      if (m) {
        const span = fn(m);
        if (span) {
          items.push({ at: i, endAt: re.lastIndex, kind: 'time', span, negated: negatedAt(i) });
          i = re.lastIndex;
          continue outer;
        }
      }
    }
    for (const [re, days] of DAY_WORDS) {
      re.lastIndex = i;
      if (re.exec(text)) {
        items.push({ at: i, endAt: re.lastIndex, kind: 'days', days, negated: negatedAt(i) });
        i = re.lastIndex;
        continue outer;
      }
    }
    for (const [re, span] of DAY_PARTS) {
      re.lastIndex = i;
      if (re.exec(text)) {
        items.push({ at: i, endAt: re.lastIndex, kind: 'time', span, negated: negatedAt(i) });
        i = re.lastIndex;
        continue outer;
      }
    }
    EXCEPT.lastIndex = i;
    if (EXCEPT.exec(text)) {
      items.push({ at: i, endAt: EXCEPT.lastIndex, kind: 'except' });
      i = EXCEPT.lastIndex;
      continue;
    }
    // "any day but Friday", "evenings but Sunday": an exception, not a new clause.
    BUT_EXCEPT.lastIndex = i;
    if (BUT_EXCEPT.exec(text)) {
      const prev = items[items.length - 1];
      if (prev && (prev.kind === 'time' || (prev.kind === 'days' && prev.days!.length >= 5))) {
        items.push({ at: i, endAt: BUT_EXCEPT.lastIndex, kind: 'except' });
        i = BUT_EXCEPT.lastIndex;
        continue;
      }
    }
    BREAKS.lastIndex = i;
    if (BREAKS.exec(text)) {
      items.push({ at: i, endAt: BREAKS.lastIndex, kind: 'break' });
      i = BREAKS.lastIndex;
      continue;
    }
    // Skip to the next word.
    const next = text.slice(i + 1).search(/\b[a-z0-9@]|[;\n]/);
    i = next < 0 ? text.length : i + 1 + next;
  }
  return items;
}

/** The weekly windows a text names, sorted by day and time. */
export function parseAvailability(text: string, read?: Token[]): AvailabilityWindow[] {
  const folded = fold(text);
  // Negation scopes as wink-nlp reads them ("can't do Fridays"), except after "mind"
  // ("I don't mind weekends" is a yes).
  const tokens = read ?? tokenize(text);
  const negatedSpans: Array<[number, number]> = [];
  let mindScope = false;
  for (const t of tokens) {
    if (t.punct) mindScope = false;
    if (t.lemma === 'mind' || t.lemma === 'care') mindScope = true;
    if (t.negated && !mindScope) negatedSpans.push([t.start, t.start + t.norm.length]);
  }
  const negatedAt = (pos: number) => negatedSpans.some(([a, b]) => pos >= a && pos < b);

  const items = scan(folded, negatedAt);
  const overlaps = (c: Item) => items.some((it) => it.kind === 'time' && c.at < it.endAt && it.at < c.endAt);
  // chrono-node only where a clock time may hide that the rules above did not read.
  if (CLOCK_HINT.test(folded)) for (const c of chronoTimes(folded)) if (!overlaps(c)) items.push(c);
  items.sort((a, b) => a.at - b.at);
  // A bare range ("room 2-3") is a time only right next to a day or another time.
  for (let k = items.length - 1; k >= 0; k--) {
    const it = items[k]!;
    if (!it.span?.bare) continue;
    const prev = items[k - 1];
    const next = items[k + 1];
    const byPrev =
      prev !== undefined &&
      (prev.kind === 'days' || prev.kind === 'time') &&
      /^[\s,:]*(?:from|between|at|around|on|,)?\s*$/.test(folded.slice(prev.endAt, it.at));
    const byNext =
      next !== undefined &&
      next.kind === 'days' &&
      /^\s*(?:on|every)?\s*$/.test(folded.slice(it.endAt, next.at));
    if (!byPrev && !byNext) items.splice(k, 1);
  }

  interface Group {
    days: Set<Weekday>;
    spans: Span[];
  }
  const groups: Group[] = [];
  const excluded = new Set<Weekday>();
  const pending: Span[] = [];
  let current: Group | null = null;
  let last: Item['kind'] | null = null;
  let excepting = false;
  const looseTimes: Span[] = [];
  let prevEnd = 0;
  for (const it of items) {
    // Only connectors between two finds keep them together ("Tue/Thu", "Mon, Wed and Fri").
    const gap = folded.slice(prevEnd, it.at);
    prevEnd = it.endAt;
    const joined = /^[\s,&/+]*(?:(?:and|or|&|\/|plus)\s*)?(?:on\s+)?$/.test(gap);
    const listed = /^\s*(?:and|or|&|\/|plus)?\s*$/.test(gap) && gap.trim() !== '' ? true : /^\s*$/.test(gap);
    if (!joined) {
      excepting = false;
      if (last !== 'except') last = null;
    }
    if (it.kind === 'break') {
      excepting = false;
      current = null;
      last = 'break';
      continue;
    }
    if (it.kind === 'except') {
      excepting = true;
      last = 'except';
      continue;
    }
    if (it.kind === 'days') {
      if (excepting || it.negated) {
        for (const d of it.days!) excluded.add(d);
        last = 'except';
        continue;
      }
      if (!current || last !== 'days') {
        current = { days: new Set(), spans: [] };
        groups.push(current);
        if (pending.length > 0) current.spans.push(...pending.splice(0));
      }
      for (const d of it.days!) current.days.add(d);
      last = 'days';
      continue;
    }
    // A time.
    if (it.negated || excepting) {
      last = 'time';
      continue;
    }
    if (current && last === 'days' && current.spans.length === 0) current.spans.push(it.span!);
    else if (current && last === 'time' && listed) current.spans.push(it.span!);
    else if (
      current &&
      current.spans.length === 0 &&
      last === null &&
      /^[\s,]*(?:in the|from|at|around|for|only|mostly|usually|,)?\s*$/.test(gap)
    )
      current.spans.push(it.span!);
    else pending.push(it.span!);
    last = 'time';
  }
  looseTimes.push(...pending);
  if (groups.length === 0 && looseTimes.length > 0) {
    groups.push({ days: new Set(WEEKDAYS), spans: looseTimes.splice(0) });
  } else if (
    groups.length === 0 &&
    excluded.size > 0 &&
    /\b(?:free|available|can|works?|fine|ok)\b/.test(folded)
  ) {
    // "any day but Friday" reads as a day group; "free except Fridays" has none: every other day.
    groups.push({ days: new Set(WEEKDAYS), spans: [] });
  }
  // Groups without a time take a time said loosely elsewhere, else the whole day; a loose time
  // no group takes is every day's.
  const timeless = groups.filter((g) => g.spans.length === 0);
  if (timeless.length === 0 && looseTimes.length > 0)
    groups.push({ days: new Set(WEEKDAYS), spans: looseTimes });
  const out = new Map<string, AvailabilityWindow>();
  for (const g of groups) {
    const spans = g.spans.length > 0 ? g.spans : looseTimes.length > 0 ? looseTimes : [WHOLE_DAY];
    for (const day of g.days) {
      if (excluded.has(day)) continue;
      for (const s of spans) {
        const w = { day, start: clock(s.start), end: clock(s.end) };
        out.set(`${day} ${w.start} ${w.end}`, w);
      }
    }
  }
  return [...out.values()].sort((a, b) => ORDER[a.day] - ORDER[b.day] || a.start.localeCompare(b.start));
}
