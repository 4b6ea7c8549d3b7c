import * as chrono from 'chrono-node';
import { WEEKDAYS, type Weekday } from '@studium/protocol';
import {
  BREAKS,
  BUT_EXCEPT,
  DAY_PARTS,
  DAY_WORDS,
  EVENT_BEFORE,
  EXCEPT,
  ONE_OFF,
  OUT_AFTER,
  TIME_RULES,
  WHOLE_DAY,
  EVENING,
  normaliseClock,
  type Span,
} from './availability-words';
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

const ORDER: Record<Weekday, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };

function dayOf(word: string): Weekday | null {
  for (const [re, days] of DAY_WORDS.slice(0, 7)) {
    const m = new RegExp(`^(?:${re.source})$`).exec(word);
    if (m) return days[0]!;
  }
  return null;
}

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface Item {
  at: number;
  endAt: number;
  /** 'oneoff': "tonight", "tomorrow", a day with an exam; it and the time after it are no slot. */
  kind: 'days' | 'time' | 'except' | 'break' | 'oneoff';
  days?: Weekday[];
  span?: Span;
  negated?: boolean;
}

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

/** wink-nlp's negation scope, confirmed by a negation word earlier in the same clause. */
const NEGATION_NEAR = /\b(?:not|n't|no|never|can'?t|cannot|nor)\b[^,;.!?]{0,30}$/;

function scan(text: string, negatedAt: (pos: number) => boolean): Item[] {
  const items: Item[] = [];
  let i = 0;
  outer: while (i < text.length) {
    // A day range first: "monday to friday", "mon-thu".
    const range = /\b([a-z]+)\s*(?:-|–|to|through|thru|till|until|bis|au|a|hasta)\s*([a-z]+)\b/y;
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
    ONE_OFF.lastIndex = i;
    if (ONE_OFF.exec(text)) {
      items.push({ at: i, endAt: ONE_OFF.lastIndex, kind: 'oneoff' });
      i = ONE_OFF.lastIndex;
      continue;
    }
    for (const [re, days] of DAY_WORDS) {
      re.lastIndex = i;
      if (re.exec(text)) {
        const endAt = re.lastIndex;
        // "the exam is on Friday": an event, not free time.
        if (EVENT_BEFORE.test(text.slice(Math.max(0, i - 40), i))) {
          items.push({ at: i, endAt, kind: 'oneoff' });
        } else {
          // "Monday is bad", "Fridays are out": a refusal said after the day.
          const out = OUT_AFTER.test(text.slice(endAt, endAt + 30));
          const refused = negatedAt(i) && NEGATION_NEAR.test(text.slice(Math.max(0, i - 40), i));
          items.push({ at: i, endAt, kind: 'days', days, negated: out || refused });
          // "weeknights": the days and their evening.
          if (/night/.test(text.slice(i, endAt)))
            items.push({
              at: endAt,
              endAt,
              kind: 'time',
              span: { ...EVENING, implied: true },
              negated: out || negatedAt(i),
            });
        }
        i = endAt;
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
      // After a refusal it is a contrast: "not Sunday mornings, but Saturday mornings work".
      const afterRefusal = items.slice(-3).some((x) => x.negated);
      if (
        prev &&
        !afterRefusal &&
        (prev.kind === 'time' || (prev.kind === 'days' && prev.days!.length >= 5))
      ) {
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

  const items = scan(normaliseClock(folded), negatedAt);
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

  return assemble(items, folded);
}

interface Group {
  days: Set<Weekday>;
  spans: Span[];
  /** "tonight", "today", an exam day: its time is dropped with it. */
  oneoff?: boolean;
}

/** A time is refused only by a negation right before it ("not in the morning"). */
const NEGATION_BEFORE = /\b(?:not|n't|no|never|can'?t|cannot)\b[^,;.—-]{0,15}$/;

/** What may stand between two days of one list: "Tue/Thu", "lundi et le jeudi", "martes y jueves". */
const JOINED =
  /^[\s,&/+]*(?:(?:and|or|&|\/|plus|und|oder|et|ou|y|o|e)\s*)?(?:(?:on|le|les|los|las|el|am|the)\s+)?$/;

/** A time right after a range that only says which half of the day it is ("6 to 9 in the evening"). */
const QUALIFIER_GAP = /^\s*(?:in the|de la|del|por la|am|,)?\s*$/;
const contains = (outer: Span, inner: Span) => inner.start >= outer.start && inner.end <= outer.end;

/** Days and times in text order to weekly windows. */
function assemble(items: Item[], folded: string): AvailabilityWindow[] {
  const groups: Group[] = [];
  const excluded = new Set<Weekday>();
  /** "not Sunday mornings": only that part of the day is removed. */
  const partial: Array<{ days: Weekday[]; span: Span }> = [];
  let refused: Weekday[] | null = null;
  const flushRefused = () => {
    for (const d of refused ?? []) excluded.add(d);
    refused = null;
  };
  const pending: Span[] = [];
  let current: Group | null = null;
  let last: Item['kind'] | null = null;
  let excepting = false;
  let prevEnd = 0;
  let prevTime: Span | null = null;
  for (const it of items) {
    // Only connectors between two finds keep them together ("Tue/Thu", "Mon, Wed and Fri").
    const gap = folded.slice(prevEnd, it.at);
    prevEnd = it.endAt;
    const joined = JOINED.test(gap);
    const listed = /^\s*(?:and|or|&|\/|plus)?\s*$/.test(gap) && gap.trim() !== '' ? true : /^\s*$/.test(gap);
    if (
      refused &&
      !(it.kind === 'days' && joined) &&
      !(it.kind === 'time' && /^\s*(?:in the)?\s*$/.test(gap))
    )
      flushRefused();
    if (!joined) {
      excepting = false;
      if (last !== 'except') last = null;
    }
    if (it.kind !== 'time') prevTime = null;
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
    if (it.kind === 'oneoff') {
      // "tonight", "today after 3": a group with no weekly day, so its time goes nowhere.
      current = { days: new Set(), spans: [], oneoff: true };
      groups.push(current);
      last = 'days';
      continue;
    }
    if (it.kind === 'days') {
      if (excepting || it.negated) {
        refused = [...(refused ?? []), ...it.days!];
        last = 'except';
        continue;
      }
      if (!current || last !== 'days' || current.oneoff) {
        current = { days: new Set(), spans: [] };
        groups.push(current);
        if (pending.length > 0) current.spans.push(...pending.splice(0));
      }
      for (const d of it.days!) current.days.add(d);
      last = 'days';
      continue;
    }
    // A time.
    const span = it.span!;
    if (refused) {
      partial.push({ days: refused, span });
      refused = null;
      last = 'except';
      continue;
    }
    if (prevTime && QUALIFIER_GAP.test(gap) && contains(span, prevTime)) continue;
    // "evenings after 8": the narrower time said right after a day part replaces it.
    if (prevTime && QUALIFIER_GAP.test(gap) && contains(prevTime, span)) {
      for (const list of [current?.spans, pending])
        if (list?.includes(prevTime)) list.splice(list.indexOf(prevTime), 1, span);
      prevTime = span;
      continue;
    }
    prevTime = span;
    if ((it.negated && NEGATION_BEFORE.test(folded.slice(Math.max(0, it.at - 25), it.at))) || excepting) {
      // "not in the mornings", "but not after 9": that part of every day is out.
      partial.push({ days: [...WEEKDAYS], span });
      last = 'time';
      continue;
    }
    // An explicit time replaces the evening a word like "weeknights" implies ("weeknights after 9").
    if (current?.spans.length === 1 && current.spans[0]!.implied) current.spans = [];
    if (current && last === 'days' && current.spans.length === 0) current.spans.push(span);
    else if (current && last === 'time' && listed) current.spans.push(span);
    // Later in the same clause: "weekdays I can only do after 8pm".
    else if (current && !current.oneoff && current.spans.length === 0 && (last === null || last === 'except'))
      current.spans.push(span);
    else pending.push(span);
    last = 'time';
  }
  flushRefused();
  const looseTimes = pending;
  const weekly = groups.filter((g) => g.days.size > 0);
  if (weekly.length === 0 && looseTimes.length > 0) {
    // A time with no day at all ("evenings") is every day's.
    groups.push({ days: new Set(WEEKDAYS), spans: looseTimes.splice(0) });
  } else if (weekly.length === 0 && (excluded.size > 0 || partial.length > 0)) {
    // "any day but Friday" reads as a day group; "free except Fridays", "not weekends" have
    // none: every other day.
    groups.push({ days: new Set(WEEKDAYS), spans: [] });
  }
  // Groups without a time take a time said loosely elsewhere, else the whole day. A loose time
  // never spreads to days it was not said with.
  const out = new Map<string, AvailabilityWindow>();
  for (const g of groups) {
    const spans = g.spans.length > 0 ? g.spans : looseTimes.length > 0 ? looseTimes : [WHOLE_DAY];
    for (const day of g.days) {
      if (excluded.has(day)) continue;
      for (const s of spans) {
        const cut = cutSpan(
          s,
          partial.filter((p) => p.days.includes(day)).map((p) => p.span),
        );
        if (!cut) continue;
        const w = { day, start: clock(cut.start), end: clock(cut.end) };
        out.set(`${day} ${w.start} ${w.end}`, w);
      }
    }
  }
  return [...out.values()].sort((a, b) => ORDER[a.day] - ORDER[b.day] || a.start.localeCompare(b.start));
}

/** A span minus refused parts at its start or end ("weekends, not Sunday mornings" → Sunday from noon). */
function cutSpan(span: Span, refused: Span[]): Span | null {
  let { start, end } = span;
  for (const r of refused) {
    if (r.start <= start && r.end >= end) return null;
    if (r.start <= start && r.end > start) start = r.end;
    else if (r.start < end && r.end >= end) end = r.start;
  }
  return start < end ? { start, end } : null;
}
