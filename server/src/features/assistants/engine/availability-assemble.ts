import { WEEKDAYS, type Weekday } from '@studium/protocol';
import { DAY_PARTS, WHOLE_DAY, type Span } from './availability-words';

/**
 * The second half of the availability grammar (availability.ts scans the words): days and times
 * in text order become weekly windows. Which days a time belongs to, what a refusal removes, and
 * what a one-off takes away with it. docs/assistants.md.
 */

export interface AvailabilityWindow {
  day: Weekday;
  start: string;
  end: string;
}

export interface Item {
  at: number;
  endAt: number;
  /** 'oneoff': "tonight", "tomorrow", a day with an exam; it and the time after it are no slot. */
  /** 'correction': "actually no", "I meant": what follows replaces the days or time before. */
  kind: 'days' | 'time' | 'except' | 'break' | 'oneoff' | 'correction';
  days?: Weekday[];
  span?: Span;
  negated?: boolean;
  /** A time refused by what follows it ("mornings are not convenient"). */
  out?: boolean;
}

const ORDER: Record<Weekday, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };
const DAY_END = 24 * 60;
const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface Group {
  days: Set<Weekday>;
  spans: Span[];
  /** "tonight", "today", an exam day: its time is dropped with it. */
  oneoff?: boolean;
  /** Its time was said before its days ("9pm to 11pm weekdays"). */
  timeBefore?: boolean;
  /** The days of the last list item said into it ("weekends" in "9pm to 11pm weekdays, weekends"). */
  lastDays?: Weekday[];
  /** Its time is one said in an earlier sentence, carried over to it. */
  carried?: boolean;
}

/** The weekend said as one word ("weekends", "wknd", "am Wochenende"), not as its two days. */
const WEEKEND_WORD =
  /^(?:weekends?|week-ends?|wknds?|wkends?|fin(?:es)? de semana|fins? de semaine|fine settimana|(?:am )?wochenenden?)$/;

/** A time is refused only by a negation right before it ("not in the morning"). */
const NEGATION_BEFORE = /(?:\b(?:not|no|never|can'?t|cannot)|n't)\b[^,;.—-]{0,15}$/;

/** What may stand between two days of one list: "Tue/Thu", "lundi et le jeudi", "martes y jueves". */
const JOINED =
  /^[\s,&/+]*(?:(?:and|or|&|\/|plus|n|'n'|und|oder|et|ou|y|o|e|en|si|ak)\s*)?(?:(?:on|le|les|los|las|el|il|am|the)\s+)?$/;

/** A time right after a range that only says which half of the day it is ("6 to 9 in the evening"). */
const QUALIFIER_GAP =
  /^\s*(?:(?:basically|pretty much|almost|nearly|mostly|usually|just about)\s+)?(?:in the|de la|del|por la|am|at|most|every|on|,)?\s*$/;
/** The part of a span on its own day: "11pm till 2am" is read against the night as 23:00–24:00. */
const sameDay = (s: Span): Span => (s.end > DAY_END ? { ...s, end: DAY_END } : s);
const contains = (outer: Span, inner: Span) => inner.start >= outer.start && sameDay(inner).end <= outer.end;
/**
 * A day part after a narrower clock range that it overlaps says which half of the day the range
 * is in ("7-9 most nights" is 19:00–21:00, though night is read from 20:00).
 */
/**
 * A clock range that starts inside a day part and runs on past its end ("evenings are fine, 7pm to
 * 11pm"): the exact hours of that part, not a second window beside it.
 */
const isDayPart = (s: Span) => DAY_PARTS.some(([, p]) => p.start === s.start && p.end === s.end);
const runsOnFrom = (part: Span, range: Span) =>
  isDayPart(part) &&
  !part.open &&
  !part.until &&
  !isDayPart(range) &&
  !range.open &&
  !range.until &&
  !range.point &&
  range.start >= part.start &&
  range.start < part.end &&
  range.end > part.end &&
  range.end - range.start <= 6 * 60;
const qualifies = (part: Span, range: Span) => {
  const r = sameDay(range);
  return (
    contains(part, r) || (part.end - part.start > r.end - r.start && part.start < r.end && r.start < part.end)
  );
};

/**
 * A start ("from 1", "after 10") past the start of the day part before it and before its end,
 * running on longer than the part: the part from that hour ("afternoons from 1" is 13:00–18:00,
 * where the start was taken for a mere qualifier of the part). A bare hour is read in the part's
 * half of the day ("mornings after 10" is 10:00–12:00, not 22:00).
 */
function startInside(part: Span, span: Span): Span | null {
  if (!span.open || !DAY_PARTS.some(([, p]) => p === part)) return null;
  const starts = span.bareHour && span.start >= 12 * 60 ? [span.start, span.start - 12 * 60] : [span.start];
  const start = starts.find((s) => s > part.start && s < part.end);
  if (start === undefined) return null;
  // A start that ends inside the part, or is shorter than it ("afternoons after 5pm"), is read as
  // before: it narrows the part, or replaces it.
  if (start === span.start && (span.end <= part.end || span.end - span.start <= part.end - part.start))
    return null;
  return { start, end: part.end };
}

/**
 * "free wednesdays after 3 and all day sunday": a time joined to the one before by "and" but said
 * right before days of its own is theirs, not a second time of the days before.
 */
function timeOfNextDays(items: readonly Item[], k: number, folded: string, gap: string): boolean {
  const next = items[k + 1];
  return (
    /\b(?:and|or|plus)\b|&/.test(gap) &&
    next?.kind === 'days' &&
    !next.negated &&
    /^[\s,:]*(?:on|every|at|over)?\s*(?:the\s+)?$/.test(folded.slice(items[k]!.endAt, next.at))
  );
}

/**
 * What the assembly could not tie: a time said apart from every day when days were named with
 * times of their own (it is dropped), or given to days it was not said with.
 */
export interface Untied {
  untied: boolean;
}

/** Days and times in text order to weekly windows. */
export function assemble(items: Item[], folded: string, report?: Untied): AvailabilityWindow[] {
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
  /** The group an answer corrects ("Monday, actually no, Tuesday"): replaced by what follows. */
  let correcting: Group | null = null;
  let prevEnd = 0;
  let prevTime: Span | null = null;
  for (const [k, it] of items.entries()) {
    // Only connectors between two finds keep them together ("Tue/Thu", "Mon, Wed and Fri").
    const gap = folded.slice(prevEnd, it.at);
    prevEnd = it.endAt;
    const joined = JOINED.test(gap);
    const listed = /^\s*(?:and|or|&|\/|plus)?\s*$/.test(gap) && gap.trim() !== '' ? true : /^\s*$/.test(gap);
    if (
      refused &&
      !(it.kind === 'days' && joined) &&
      !(it.kind === 'time' && /^\s*(?:in the)?\s*$/.test(gap))
    ) {
      flushRefused();
      // "any day but Wednesday, around noon": a time after the refused days and a comma is the
      // time of the days kept, not a refused one.
      if (it.kind === 'time') excepting = false;
    }
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
    if (it.kind === 'correction') {
      correcting = current;
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
      // "can't do weekends, weekdays after 5": days said freely end the refusal before them.
      flushRefused();
      if (correcting) {
        // The corrected days are dropped; the new ones start their own group.
        groups.splice(groups.indexOf(correcting), 1);
        correcting = null;
        current = null;
      }
      // "weekends or fri afternoon", "free weekends and weekday mornings": the weekend said whole
      // before "or" or "and" keeps no time said after the weekdays that follow it.
      const prevItem = items[k - 1];
      const weekendThenWeekdays =
        current !== null &&
        last === 'days' &&
        current.spans.length === 0 &&
        current.days.size === 2 &&
        current.days.has('sat') &&
        current.days.has('sun') &&
        prevItem !== undefined &&
        WEEKEND_WORD.test(folded.slice(prevItem.at, prevItem.endAt)) &&
        /\b(?:or|and|oder|und|ou|et|o|y)\b|[&+]/.test(gap) &&
        it.days!.every((d) => d !== 'sat' && d !== 'sun');
      // "after 6 on weekdays, or weekends": the weekend added after a comma to weekdays given the
      // time said before them is whole.
      const weekendAfterTimed =
        current !== null &&
        last === 'days' &&
        current.timeBefore === true &&
        [...current.days].every((d) => d !== 'sat' && d !== 'sun') &&
        WEEKEND_WORD.test(folded.slice(it.at, it.endAt)) &&
        /,\s*(?:or|and)\s*$/.test(gap);
      if (weekendAfterTimed) {
        current = { days: new Set(), spans: [] };
        groups.push(current);
      }
      if (!current || last !== 'days' || current.oneoff || weekendThenWeekdays) {
        current = { days: new Set(), spans: [] };
        groups.push(current);
        if (pending.length > 0) {
          // Said right before them: "9pm to 11pm weekdays", "after 6 on weekdays".
          current.timeBefore = last === 'time' && /^[\s,:]*(?:on|every)?\s*$/.test(gap);
          current.carried = !current.timeBefore && /[.;!?\n]/.test(gap);
          // "free basically all the time, so after 2 on weekdays": a narrower time said after a
          // whole day, before the same days, is theirs.
          const narrower = pending.filter((s) => s !== WHOLE_DAY);
          current.spans.push(...(narrower.length > 0 ? narrower : pending));
          pending.splice(0);
        }
      }
      current.lastDays = it.days!.filter((d) => !current!.days.has(d));
      for (const d of it.days!) current.days.add(d);
      last = 'days';
      continue;
    }
    // A time.
    const span = it.span!;
    if (correcting) {
      // "Monday at 3, sorry, I meant 5": the new time replaces the corrected one.
      correcting.spans = [];
      current = correcting;
      last = 'days';
      correcting = null;
    }
    if (refused) {
      partial.push({ days: refused, span });
      refused = null;
      last = 'except';
      continue;
    }
    if (it.out) {
      // "weekday afternoons are practice": the part of the days said with it, else of every day.
      const days = current && last === 'days' && /^\s*$/.test(gap) ? [...current.days] : [...WEEKDAYS];
      partial.push({ days, span });
      last = 'time';
      continue;
    }
    // "afternoons from 1", "mornings after 10": a start said right after a day part, inside it,
    // narrows the part from that hour to its end (a bare hour in the part's half of the day).
    const fromInside: Span | null = prevTime && QUALIFIER_GAP.test(gap) ? startInside(prevTime, span) : null;
    if (prevTime && fromInside) {
      for (const list of [current?.spans, pending])
        if (list?.includes(prevTime)) list.splice(list.indexOf(prevTime), 1, fromInside);
      prevTime = fromInside;
      continue;
    }
    if (prevTime && QUALIFIER_GAP.test(gap) && qualifies(span, prevTime)) continue;
    // "evenings after 8": the narrower time said right after a day part replaces it, and a
    // clock time that overlaps it too ("weekday nights after 7pm" is 19:00–22:00).
    // A clock range inside the day part said before it in the same sentence narrows it too
    // ("Evening time I am free, 7 to 10"; "lunch break at work is 12:30-1:15"), and so does one
    // that starts inside it and runs on past its end ("evenings are fine, 7pm to 11pm").
    const narrows =
      prevTime !== null &&
      ((QUALIFIER_GAP.test(gap) && qualifies(prevTime, span)) ||
        (/^[^.;!?\n]*$/.test(gap) &&
          !/\b(?:and|or|also|plus)\b/.test(gap) &&
          (contains(prevTime, span) || runsOnFrom(prevTime, span))));
    if (prevTime && narrows) {
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
    // "9pm to 11pm weekdays, weekends anytime": the time said before the days is theirs; days
    // listed after them with a time of their own are a group of their own.
    const ownTime =
      current?.timeBefore &&
      last === 'days' &&
      current.lastDays !== undefined &&
      current.lastDays.length > 0 &&
      current.lastDays.length < current.days.size;
    // "can't do mondays, clinic all day. … tues to fri after 6:30": a time said right after days
    // replaces one carried to them from an earlier sentence.
    // "all day Wednesday, happy to tutor there between 10 and 4": a clock range later in the
    // sentence of days said whole narrows them.
    if (
      current &&
      items[k - 1]?.kind === 'days' &&
      items[k - 1]!.days!.every((d) => current!.days.has(d)) &&
      current.spans.length === 1 &&
      current.spans[0] === WHOLE_DAY &&
      !span.bare &&
      !DAY_PARTS.some(([, part]) => part === span) &&
      /^[^.;!?\n]*$/.test(gap) &&
      !/\b(?:and|or|but|also|plus)\b/.test(gap)
    )
      current.spans = [];
    if (current?.carried && last === 'days' && /^\s*$/.test(gap)) {
      current.spans = [];
      current.carried = false;
    }
    if (current && ownTime) {
      const split: Group = { days: new Set(current.lastDays), spans: [span] };
      for (const d of split.days) current.days.delete(d);
      groups.push(split);
      current = split;
    } else if (current && last === 'days' && current.spans.length === 0) current.spans.push(span);
    else if (current && last === 'time' && listed && !timeOfNextDays(items, k, folded, gap))
      current.spans.push(span);
    // Later in the same clause: "weekdays I can only do after 8pm".
    else if (current && !current.oneoff && current.spans.length === 0 && (last === null || last === 'except'))
      current.spans.push(span);
    // "My Monday lecture is at 9": a clock time later in the clause of an event or a one-off is
    // its time, dropped with it (a day part may still be every day's: "tomorrow, or any evening").
    else if (
      current?.oneoff &&
      current.spans.length === 0 &&
      last === null &&
      !DAY_PARTS.some(([, part]) => part === span)
    )
      current.spans.push(span);
    else pending.push(span);
    last = 'time';
  }
  flushRefused();
  const looseTimes = pending;
  const weekly = groups.filter((g) => g.days.size > 0);
  // "anyone free tonite?? like 9pm": with a one-off said and no weekly day, a clock time is the
  // one-off's; a day part ("free tonight and basically any evening") is still every day's.
  const oneOffOnly =
    weekly.length === 0 &&
    groups.some((g) => g.oneoff) &&
    looseTimes.every((t) => !DAY_PARTS.some(([, part]) => part === t));
  if (weekly.length === 0 && looseTimes.length > 0 && !oneOffOnly) {
    // A time with no day at all ("evenings") is every day's.
    groups.push({ days: new Set(WEEKDAYS), spans: looseTimes.splice(0) });
  } else if (weekly.length === 0 && (excluded.size > 0 || partial.length > 0)) {
    // "any day but Friday" reads as a day group; "free except Fridays", "not weekends" have
    // none: every other day.
    groups.push({ days: new Set(WEEKDAYS), spans: [] });
  }
  // Groups without a time take a time said loosely elsewhere, else the whole day. A loose time
  // never spreads to days it was not said with.
  if (report && looseTimes.length > 0 && weekly.length > 0) {
    const takers = groups.filter((g) => g.days.size > 0 && g.spans.length === 0).length;
    report.untied = takers > 0 && takers < weekly.length;
  }
  // "Weekends mostly - Saturday mornings ideal, Sundays after 3": days said without a time and
  // each said again later with one are only a heading for what follows.
  if (looseTimes.length === 0)
    for (let k = groups.length - 1; k >= 0; k--) {
      const g = groups[k]!;
      const later = groups.slice(k + 1).filter((h) => h.spans.length > 0);
      if (
        g.spans.length === 0 &&
        g.days.size > 0 &&
        [...g.days].every((d) => later.some((h) => h.days.has(d)))
      )
        groups.splice(k, 1);
    }
  // "Tuesday and Friday afternoons — actually not Friday… Only Tuesday": days said again without
  // a time, each already said with one, restate them.
  if (looseTimes.length === 0)
    for (let k = groups.length - 1; k >= 0; k--) {
      const g = groups[k]!;
      const earlier = groups.slice(0, k).filter((h) => h.spans.length > 0);
      if (
        g.spans.length === 0 &&
        g.days.size > 0 &&
        [...g.days].every((d) => earlier.some((h) => h.days.has(d)))
      )
        groups.splice(k, 1);
    }
  const out = new Map<string, AvailabilityWindow>();
  for (const g of groups) {
    const spans = g.spans.length > 0 ? g.spans : looseTimes.length > 0 ? looseTimes : [WHOLE_DAY];
    for (const day of g.days) {
      if (excluded.has(day)) continue;
      for (const s of spans) {
        const cuts = cutSpan(
          s,
          partial.filter((p) => p.days.includes(day)).map((p) => p.span),
        );
        // A range past midnight ("Fridays 11pm till 2am") ends on the next day.
        const parts: Array<[Weekday, number, number]> = cuts.flatMap(
          (cut): Array<[Weekday, number, number]> =>
            cut.end > DAY_END
              ? [
                  [day, cut.start, DAY_END],
                  [WEEKDAYS[(ORDER[day] + 1) % 7]!, 0, cut.end - DAY_END],
                ]
              : [[day, cut.start, cut.end]],
        );
        for (const [d, start, end] of parts) {
          const w = { day: d, start: clock(start), end: clock(end) };
          out.set(`${d} ${w.start} ${w.end}`, w);
        }
      }
    }
  }
  return [...out.values()].sort((a, b) => ORDER[a.day] - ORDER[b.day] || a.start.localeCompare(b.start));
}

/**
 * A span minus refused parts ("weekends, not Sunday mornings" → Sunday from noon; "whenever, just
 * not Monday afternoons" → Monday's morning and evening). What a refusal leaves of a span that is
 * shorter than an hour is no time to meet ("weeknights from 7:30, but Tuesday nights are taken"
 * leaves nothing of Tuesday, not 19:30–20:00).
 */
const MIN_LEFT = 60;
function cutSpan(span: Span, refused: Span[]): Span[] {
  let parts: Span[] = [{ start: span.start, end: span.end }];
  for (const r of refused)
    parts = parts.flatMap((p) =>
      r.end <= p.start || r.start >= p.end
        ? [p]
        : [
            ...(r.start > p.start ? [{ start: p.start, end: r.start }] : []),
            ...(r.end < p.end ? [{ start: r.end, end: p.end }] : []),
          ].filter((left) => left.end - left.start >= MIN_LEFT),
    );
  return parts;
}
