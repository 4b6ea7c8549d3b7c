import * as chrono from 'chrono-node';
import { WEEKDAYS, type Weekday } from '@studium/protocol';
import {
  BREAKS,
  BUT_EXCEPT,
  CORRECTION,
  DAY_PARTS,
  DAY_WORDS,
  EVENT_BEFORE,
  EVENT_AFTER,
  EXCEPT,
  ONE_OFF,
  OUT_AFTER,
  namesShift,
  blankTimeZones,
  TIME_RULES,
  SHORT_DAY_LIST,
  shortDays,
  EVENING,
  normaliseClock,
  fixDayTypos,
  HABIT,
  blankAges,
} from './availability-words';
import { assemble, type AvailabilityWindow, type Item } from './availability-assemble';
import { availabilityDoubts, type AvailabilityDoubt } from './doubts';
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
export type { AvailabilityWindow } from './availability-assemble';

const ORDER: Record<Weekday, number> = { mon: 0, tue: 1, wed: 2, thu: 3, fri: 4, sat: 5, sun: 6 };

function dayOf(word: string): Weekday | null {
  for (const [re, days] of DAY_WORDS.slice(0, 7)) {
    const m = new RegExp(`^(?:${re.source})$`).exec(word);
    if (m) return days[0]!;
  }
  return null;
}

const CLOCK_HINT = /\d|noon|midnight|o'clock|half past|quarter/;

/** Clock times chrono-node reads that the rules above do not ("noon till 2", "half past three"). */
function chronoTimes(text: string): Item[] {
  const out: Item[] = [];
  for (const r of chrono.parse(text, new Date(2024, 0, 1, 12))) {
    // "now" is the hour the reading runs at, never one the answer says ("now struggling in X").
    if (!r.start.isCertain('hour') || /\bnow\b/.test(r.text)) continue;
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

const ALL_DAY = /^all day(?: long)?$/;
/** "free all day": a whole day said of the writer's free time. */
const SAID_FREE = /\b(?:free|available|open)\s*$/;
const DAY_NAMED = new RegExp(DAY_WORDS.map(([re]) => re.source).join('|'));
/** A day named within 30 characters of a phrase, in its sentence. */
const nearDay = (text: string, from: number, to: number) =>
  DAY_NAMED.test(
    text.slice(Math.max(0, from - 30), from).replace(/^.*[.;!?\n]/s, '') +
      text.slice(from, to + 30).replace(/[.;!?\n].*$/s, ''),
  );

/**
 * wink-nlp's negation scope, confirmed by a negation word earlier in the same clause ("don't",
 * "won't" too); a negation of being busy is no refusal ("I don't have class on Fridays").
 */
const NEGATION_NEAR = /(?:\b(?:not|no|never|can'?t|cannot|nor)|n't)\b[^,;.!?]{0,30}$/;
const NOT_BUSY =
  /(?:\b(?:not|no|never)|n't)\s+(?:[\w']+\s+){0,2}?(?:have|has|got|work|working|busy|class(?:es)?|lectures?|labs?|shifts?|school|uni)\b[^,;.!?]*$/;

/** After a clock time: it is out ("weekdays 8-4 are gone", "9-12 is lectures"). */
const CLOCK_OUT =
  /^\s*(?:is|are|'s)\s+(?:(?:mostly|usually|always|pretty much|all) )?(?:out|gone|taken|booked|dead|a no(?:-go)?|no good|impossible|(?:my\s+)?(?:practice|training|work|class(?:es)?|lectures?|labs?|shifts?|rehearsals?|clinicals?|placements?|drills?|choir|cadets|church|mass|bible study|youth group|volunteering)\b(?![^,.;!?\n]{0,25}\b(?:till|until|til|then|free|after|but)\b))/;

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
    // Timetable shorthand: "M/W/F", "T/Th".
    SHORT_DAY_LIST.lastIndex = i;
    const short = SHORT_DAY_LIST.exec(text);
    if (short) {
      const days = shortDays(short[0]);
      items.push({ at: i, endAt: SHORT_DAY_LIST.lastIndex, kind: 'days', days, negated: negatedAt(i) });
      i = SHORT_DAY_LIST.lastIndex;
      continue;
    }
    for (const [re, fn] of TIME_RULES) {
      re.lastIndex = i;
      const m = re.exec(text);
      if (m) {
        const span = fn(m);
        if (span) {
          // "weekdays 8-4 are gone": a clock time said to be out is refused, as a day part is.
          const out = CLOCK_OUT.test(text.slice(re.lastIndex, re.lastIndex + 30)) || undefined;
          items.push({ at: i, endAt: re.lastIndex, kind: 'time', span, negated: negatedAt(i), out });
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
        // "Friday is my only free weekday": one weekday, named before it, not all five ("only
        // weekday evenings" is all five).
        if (
          /^(?:weekday|wkday|work ?day)$/.test(text.slice(i, endAt)) &&
          /\bonly (?:free |other |open )?$/.test(text.slice(Math.max(0, i - 12), i)) &&
          /^\s*(?:[.,;!?)]|$)/.test(text.slice(endAt, endAt + 3))
        ) {
          i = endAt;
          continue outer;
        }
        // "the exam is on Friday": an event, not free time.
        if (
          EVENT_BEFORE.test(text.slice(Math.max(0, i - 40), i)) ||
          EVENT_AFTER.test(text.slice(endAt, endAt + 30))
        ) {
          items.push({ at: i, endAt, kind: 'oneoff' });
        } else {
          // "Monday is bad", "Fridays are out": a refusal said after the day.
          const out = OUT_AFTER.test(text.slice(endAt, endAt + 50));
          const near = text.slice(Math.max(0, i - 40), i);
          const refused = negatedAt(i) && NEGATION_NEAR.test(near) && !NOT_BUSY.test(near);
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
        // "I switch between Deutsch and français all day long", "my experiments run all day": a
        // manner of speaking or something else's day, unless a day is named near it ("Saturdays
        // all day long") or it is said free ("free all day").
        if (
          ALL_DAY.test(text.slice(i, re.lastIndex)) &&
          !nearDay(text, i, re.lastIndex) &&
          !SAID_FREE.test(text.slice(Math.max(0, i - 12), i))
        )
          break;
        // "after my night shift", "a night-shift porter", "I'm on nights this month": a shift.
        if (namesShift(text, i, re.lastIndex)) break;
        // "not Tuesdays, that's quiz night": the name of an event on a day, no time.
        if (
          span.start === 20 * 60 &&
          /\b(?:that'?s|it'?s)\s+(?:my |our |the )?(?!(?:a|an|good|great|fine|ok|okay|bad|free|late|any|every|each|one|the|my|our)\b)[a-z]+\s*$/.test(
            text.slice(Math.max(0, i - 30), i),
          )
        )
          break;
        // "Mornings are not convenient", "evenings are out": that part of every day is refused.
        const out = OUT_AFTER.test(text.slice(re.lastIndex, re.lastIndex + 30));
        items.push({ at: i, endAt: re.lastIndex, kind: 'time', span, negated: negatedAt(i), out });
        i = re.lastIndex;
        continue outer;
      }
    }
    CORRECTION.lastIndex = i;
    if (CORRECTION.exec(text)) {
      items.push({ at: i, endAt: CORRECTION.lastIndex, kind: 'correction' });
      i = CORRECTION.lastIndex;
      continue;
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
      // After a refusal it is a contrast: "not Sunday mornings, but Saturday mornings work"; so it
      // is after a comma: "I work most afternoons, but Wednesday evenings are free".
      // A part of the day said to be out is a refusal too ("Mornings are mostly gone. But Friday
      // afternoons are mine"), and "but" opening a sentence is a contrast as after a comma.
      const afterRefusal = items.slice(-3).some((x) => x.negated || x.out);
      const afterComma = /[,.;!?]\s*$/.test(text.slice(Math.max(0, i - 3), i));
      // "Wednesday afternoons are best but Tuesday mornings could work": after a clause said of
      // the time before, "but" adds a second choice.
      const afterClause =
        prev !== undefined &&
        /\b(?:is|are|'s|'re|works?|suits?|best|better|ideal|preferred|good|great)\b/.test(
          text.slice(prev.endAt, i),
        );
      if (
        prev &&
        !afterRefusal &&
        !afterComma &&
        !afterClause &&
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

/**
 * A clock time said outright: "3pm", "18h", "16 Uhr", "7 o'clock", "14:30", "0900h". One the rules did not
 * read as a time means the windows may be wrong ("free from 3:30pmish" read as the day alone).
 */
const CLOCK_SAID =
  /\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock|uhr|h\b)|\b\d{1,2}:\d{2}\b|\b(?:[01]\d|2[0-3])[0-5]\d\s*(?:h|hrs?|hours)\b/g;

export interface AvailabilityReading {
  windows: AvailabilityWindow[];
  /**
   * 0..1: 0 when empty; below the threshold when a clock time in the answer was not read as one,
   * a window starts in the small hours, a time was given to only some of its days, or a doubt.
   */
  confidence: number;
  /** Signs that the windows may be wrong (doubts.ts); any one of them makes the confidence 0.4. */
  doubts: AvailabilityDoubt[];
}

/**
 * Time taken by work, training or classes is no free time: "I work nights at the hospital Mon-Wed",
 * "practice M/W/F 3-6", "my classes are 9-2 every weekday", "I do warehouse shifts 6am-2pm", "I do
 * 12hr night shifts Sat to Mon", "I work 10pm–6am Sun to Thu", "Work at the bottle-o Thurs to Sat
 * nights"; someone's bedtime is no bound of free time either ("kids in bed by 8:30"), nor are
 * someone else's free days ("my lab partner can only make Thursdays, but I…"). The
 * days and times of such a clause, up to its end, are not read; nor those of "I rehearse every
 * evening" or "I have a 6am start at the bakery every weekend" ("I work Mon-Fri" and "I have
 * classes on Monday" are refusals, read as such by EXCEPT); nor those of a job named between "I
 * work" and its days ("I work retail weekends"), of work at the library said with its days ("i work
 * at the library mon, wed 5-9"), of "I drive for uber eats most evenings", of placements, rotations
 * or duty ("on placement most weekdays"), of office hours, or of a shift named by its part of the
 * day ("night shift security guard").
 */
const BUSY = new RegExp(
  String.raw`\b(?:i ${HABIT}work (?:nights|days|mornings|evenings|afternoons|weekends|late|early|(?:night |day |early |late |the )?shifts?|full[- ]time|part[- ]time|(?:at|in) (?:(?:a|the|my) )?(?!library|evenings?|mornings?|afternoons?|nights?|groups?|pairs?|teams?|person|home\b|\d)[\w-]+)|my (?:[\w-]+ )?(?:shifts?|classes|lectures|labs|job|training|practices?|clinicals?|placements?|rotations?|practicals?)(?: (?:is|are))?|(?<!\b(?:my|the|a|your|our|after|before|till|until|from) )\b\d{1,2}(?::\d\d)?\s*(?:am|pm) (?:[a-z]+ )?(?:training|practice|lectures?|shifts?|rehearsals?)\b|(?:training|practices?|shifts|clinicals|rotations|placements|games|matches|meets|rehearsals?|(?:studio|gym|band|choir|orchestra|recording|lab) sessions)(?= (?:is|are|on|every|most|at|from|\d|m\/|t\/|mon|tue|wed|thu|fri|sat|sun|week))|i ${HABIT}(?:do|have) (?:[\w-]+ ){0,2}(?:shifts|training|practice|lectures|classes|duty|rehearsals?)(?!\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|week))|i do (?:[\w-]+ ){0,3}shifts?\b|i ${HABIT}(?:rehearse|train|practi[cs]e|babysit|nanny|bartend|waitress|coach|referee|lifeguard)(?= (?:every|most|on|at|from|\d|mon|tue|wed|thu|fri|sat|sun|week|mornings?|afternoons?|evenings?|nights?)\b)|(?:i (?:have|got) (?:an? )?|my )(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)?|early|late) starts?\b|\b\d{1,2}(?::\d\d)?\s*(?:am|pm) starts\b|i ${HABIT}work (?=\d)|i ${HABIT}work (?!(?:best|better|well|great|fine|good|most|more|productively|on|from|with|around|until|till|out)\b)[a-z]+ (?:(?:on|over|most|every|all) )?(?=(?:mon|tue|wed|thu|fri|sat|sun|week|nights?\b|mornings?\b|evenings?\b|afternoons?\b))|i ${HABIT}work (?:at|in) (?:the |a )?(?:[\w-]+ )?(?:library|lib)(?=,?\s*(?:on |every |most )?(?:mon|tue|wed|thu|fri|sat|sun|week|\d))|i ${HABIT}(?:drive|deliver|ride) for\b|(?<!\b(?:not|n't|off) )\bon (?:placements?|clinicals?|rotations?|shift|duty)\b|\boffice hours\b|(?<!\b(?:after|before|from|between|my|the|a|your|of) )\b(?:night|evening|morning|afternoon|day|late|early|overnight) shifts?\b|(?:in bed|asleep) by\b|\bwe ${HABIT}(?:train|practi[cs]e|play|rehearse|drill|meet(?=[^,.;!?\n]{0,40}\bfor (?!(?:the |a |an |our )?(?:study|studying|revision|revising|homework|problem|exams?|class|tutoring|groups?)\b)[a-z]))(?= (?:on |every |most )?(?:mon|tue|wed|thu|fri|sat|sun|week))|(?:my|the|last|first) (?:[\w:-]+ ){0,2}(?:bus|train|shuttle|ferry|tram)(?:es|s)?\b(?!\s*(?:station|stop|terminal|depot))|(?<=(?:^|[.!?])\s*)(?:labs?|lectures?|classes|seminars|tutorials|practicals|clinicals)(?= (?:on |every |most )?(?:mon|tue|wed|thu|fri|sat|sun|week|m\/|t\/))|(?<=(?:^|[.!?,;])\s*)(?:(?:i'?m |i am )?working|work) (?:at|in) (?!(?:(?:a|the|my) )?(?:library|lib|groups?|pairs?|teams?|home|person|evenings?|mornings?|afternoons?|nights?)\b)|(?:i'?m|i am) (?:at|in) (?:a|an|the|my) (?!(?:library|lib|campus|uni|university|college|café|cafe|coffee)\b)[\w-]+(?: [\w-]+)? (?=\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:-|–|to|till|until)\s*\d)|\bjobs?\b(?: (?:at|in) (?:(?:a|an|the|my) )?(?!(?:library|lib|home|campus|uni|university|college)\b)[\w'-]+(?: [\w'-]+)?)?(?=[,:]?\s+(?:is |are |on |every |most |from )?(?:mon|tue|wed|thu|fri|sat|sun|week|\d))|my (?:[\w-]+ )?(?:partner|friend|roommate|flatmate|housemate|mate|buddy|girlfriend|boyfriend|wife|husband|sister|brother)s?(?: (?:from|in)(?: [\w-]+){1,3}?)? (?:can|can't|cannot|is|are|only|works?|has|have)\b)`,
  'g',
);
const NOT_BUSY_BEFORE = /\b(?:after|before|till|until|around|between|from|at|break at|then)\s*$/;
const CLAUSE_END = /[,;.!?\n]|\b(?:so|but|then|though|however|otherwise)\b/g;

/**
 * "practice Mon-Thu 3-6 so after that or weekends": free time said to follow the busy clause, on
 * its days, from the end of its one clock range.
 */
const AFTER_THAT =
  /^\s*,?\s*(?:so|and|but)?\s*(?:(?:i'?m|i am)\s+)?(?:free\s+)?(?:any ?time\s+)?after (?:that|it|those|them)\b/;

function freeAfterBusy(items: Item[], from: number, to: number): boolean {
  const inside = items.filter(
    (it) => it.at >= from && it.at < to && (it.kind === 'days' || it.kind === 'time'),
  );
  const times = inside.filter((it) => it.kind === 'time');
  const span = times[0]?.span;
  if (times.length !== 1 || !span || span.open || span.until || span.point || span.end >= 22 * 60)
    return false;
  if (!inside.some((it) => it.kind === 'days')) return false;
  times[0]!.span = { start: span.end, end: Math.max(22 * 60, span.end + 60), open: true };
  return true;
}

function dropBusy(items: Item[], text: string, busy: Array<[number, number]> = []): void {
  for (const m of text.matchAll(BUSY)) {
    if (NOT_BUSY_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    CLAUSE_END.lastIndex = m.index + m[0].length;
    const end = CLAUSE_END.exec(text)?.index ?? text.length;
    busy.push([m.index, end]);
    if (AFTER_THAT.test(text.slice(end)) && freeAfterBusy(items, m.index, end)) continue;
    for (let k = items.length - 1; k >= 0; k--) {
      const it = items[k]!;
      if (it.at >= m.index && it.at < end && (it.kind === 'days' || it.kind === 'time')) items.splice(k, 1);
    }
  }
}

/**
 * "PT is MWF 6-7am and I have lab tuesday afternoons so those are out": what is said before "so
 * those are out" (or "so not those evenings", with the evenings it names) is taken, back to the start of the sentence, a contrast ("but") or a word of
 * free time; its days and times are not read.
 */
const THOSE_OUT =
  /\bso not (?:those|these) (?:days|times|slots|evenings|mornings|afternoons|nights)\b|\bso (?:those|these|they|both|all (?:of )?(?:those|these|them))(?: (?:days|times|slots))? (?:are|'re) (?:all )?(?:out|taken|booked|gone|a no(?:-go)?|no good|off the table)\b|\bso (?:those|these|they|both)(?: (?:days|times))? (?:don'?t|do not|won'?t|will not|can'?t) work\b/g;
const TAKEN_FROM =
  /[.;!?\n]|\b(?:but|however|though|although|free|available|can do|can make|works? for me)\b/g;

function dropTaken(items: Item[], text: string, busy: Array<[number, number]>): void {
  for (const m of text.matchAll(THOSE_OUT)) {
    const from = Math.max(
      0,
      ...[...text.slice(0, m.index).matchAll(TAKEN_FROM)].map((b) => b.index + b[0].length),
    );
    busy.push([from, m.index]);
    for (let k = items.length - 1; k >= 0; k--) {
      const it = items[k]!;
      const to = m.index + m[0].length;
      if (it.at >= from && it.at < to && (it.kind === 'days' || it.kind === 'time')) items.splice(k, 1);
    }
  }
}

/**
 * "Office hours are mon 10-12 so any other weekday morning": days after "any other" are those the
 * answer has not named before them (read before the days of work and classes are set aside).
 */
function otherDays(items: Item[], text: string): void {
  // "footy training is tues and thurs nights, so any other evening": the part of the days not
  // named before it.
  for (let k = items.length - 1; k >= 0; k--) {
    const it = items[k]!;
    if (
      it.kind !== 'time' ||
      !/\b(?:any|every|all) other\s*$/.test(text.slice(Math.max(0, it.at - 12), it.at))
    )
      continue;
    const named = new Set(items.slice(0, k).flatMap((x) => (x.kind === 'days' ? x.days! : [])));
    const days = WEEKDAYS.filter((d) => !named.has(d));
    if (named.size > 0 && days.length > 0)
      items.splice(k, 0, { at: it.at, endAt: it.at, kind: 'days', days, negated: false });
  }
  // "I work 10pm-6am Sun to Thu. So … 2pm to 6pm, those same days": the days named before.
  for (const m of text.matchAll(/\b(?:(?:those|these|the) same days|on (?:those|these) days)\b/g)) {
    const named = new Set(items.filter((x) => x.at < m.index && x.kind === 'days').flatMap((x) => x.days!));
    if (named.size === 0 || items.some((x) => x.at >= m.index && x.at < m.index + m[0].length)) continue;
    const k = items.findIndex((x) => x.at > m.index);
    const days = WEEKDAYS.filter((d) => named.has(d));
    items.splice(k < 0 ? items.length : k, 0, {
      at: m.index,
      endAt: m.index + m[0].length,
      kind: 'days',
      days,
      negated: false,
    });
  }
  for (const [k, it] of items.entries()) {
    if (
      it.kind !== 'days' ||
      !/(?:\b(?:any|every|all|the|so|and) |^|[.!?,;]\s*)other\s*$/.test(
        text.slice(Math.max(0, it.at - 12), it.at),
      )
    )
      continue;
    const named = new Set(items.slice(0, k).flatMap((x) => (x.kind === 'days' ? x.days! : [])));
    const days = it.days!.filter((d) => !named.has(d));
    if (days.length > 0 && days.length < it.days!.length) items[k] = { ...it, days };
  }
}

/**
 * "around 4:30 till 7", "(around 4:30) till 7": a time said as a point, then its end, is one range,
 * and so is a start said with its end ("after 8 till about 11" is 20:00–23:00).
 */
function joinUntil(items: Item[], text: string): void {
  for (let k = items.length - 2; k >= 0; k--) {
    const a = items[k]!;
    const b = items[k + 1]!;
    if (a.kind !== 'time' || b.kind !== 'time' || !(a.span?.point || a.span?.open) || !b.span?.until)
      continue;
    if (!/^[\s)]*$/.test(text.slice(a.endAt, b.at))) continue;
    // "after 8 till about 11": a bare end before an evening start is in the evening too.
    const end =
      a.span.open && b.span.end <= a.span.start && b.span.end + 12 * 60 > a.span.start
        ? b.span.end + 12 * 60
        : b.span.end;
    if (end <= a.span.start || end > 24 * 60) continue;
    items.splice(k, 2, { ...a, endAt: b.endAt, span: { start: a.span.start, end } });
  }
}

const HEDGED =
  /\b(?:maybe|like|say|probably|roughly|about|around|ideally|preferably|usually|generally|normally|typically|mostly)[,:]?\s*$/;
const NOT_HOURS_AFTER =
  /^\s*(?:sessions?|times?|students?|people|pages?|problems?|questions?|chapters?|courses?|classes|units?|credits?)\b/;

/** "chapters (2-3)", "problem sets (4-5)": numbers in brackets after what they count. */
const NOT_HOURS_BEFORE =
  /\b(?:chapters?|ch|pages?|pp|units?|problems?|questions?|sections?|weeks?|modules?|exercises?|sets?|psets?|levels?|years?|grades?|people|members)\s*\(\s*$/;

/** The other items of the sentence of `items[k]`. */
function sentenceItems(items: readonly Item[], text: string, k: number): Item[] {
  const at = items[k]!.at;
  const from = Math.max(...[...text.slice(0, at).matchAll(/[.;!?\n]/g)].map((m) => m.index + 1), 0);
  const stop = text.slice(at).search(/[.;!?\n]/);
  const to = stop < 0 ? text.length : at + stop;
  return items.filter((x, j) => j !== k && x.at >= from && x.at < to);
}

/** The weekly windows a text names, sorted by day and time. */
export function parseAvailability(text: string, read?: Token[]): AvailabilityWindow[] {
  return readAvailability(text, read).windows;
}

/** The weekly windows with how sure the reading is of them. */
export function readAvailability(text: string, read?: Token[]): AvailabilityReading {
  const folded = fold(text);
  // Negation scopes as wink-nlp reads them ("can't do Fridays"), except after "mind"
  // ("I don't mind weekends" is a yes).
  const tokens = read ?? tokenize(text);
  const negatedSpans: Array<[number, number]> = [];
  // The "no" of a correction ("mon no wait tues", "actually no Tuesday") refuses nothing after it.
  const corrections = [...folded.matchAll(new RegExp(CORRECTION.source, 'g'))].map(
    (m) => m.index + m[0].length,
  );
  let mindScope = false;
  let correctionScope = false;
  for (const t of tokens) {
    if (t.punct) mindScope = correctionScope = false;
    if (t.lemma === 'mind' || t.lemma === 'care') mindScope = true;
    if (corrections.some((end) => t.start >= end && t.start <= end + 1)) correctionScope = true;
    if (t.negated && !mindScope && !correctionScope) negatedSpans.push([t.start, t.start + t.norm.length]);
  }
  const negatedAt = (pos: number) => negatedSpans.some(([a, b]) => pos >= a && pos < b);

  const clockText = normaliseClock(fixDayTypos(folded));
  const items = scan(clockText, negatedAt);
  const overlaps = (c: Item) => items.some((it) => it.kind === 'time' && c.at < it.endAt && it.at < c.endAt);
  // chrono-node only where a clock time may hide that the rules above did not read.
  if (CLOCK_HINT.test(folded))
    for (const c of chronoTimes(blankAges(blankTimeZones(folded)))) if (!overlaps(c)) items.push(c);
  items.sort((a, b) => a.at - b.at);
  // Times read, free or busy: a clock time none of them covers was not understood.
  const timesRead = items.filter((it) => it.kind === 'time' || it.kind === 'oneoff');
  otherDays(items, clockText);
  const busy: Array<[number, number]> = [];
  dropBusy(items, clockText, busy);
  dropTaken(items, clockText, busy);
  // "weekday afternoons are practice (2-6)": the hours said with a part of the day said to be out
  // are its hours, no free time left unread.
  for (const it of items)
    if (it.kind === 'time' && it.out) {
      const stop = clockText.slice(it.endAt).search(/[.;!?\n]|,\s*(?!\d)/);
      busy.push([it.at, stop < 0 ? clockText.length : it.endAt + stop]);
    }
  joinUntil(items, clockText);
  // A bare range ("room 2-3") is a time only right next to a day or another time.
  for (let k = items.length - 1; k >= 0; k--) {
    const it = items[k]!;
    if (!it.span?.bare) continue;
    const prev = items[k - 1];
    const next = items[k + 1];
    const byPrev =
      prev !== undefined &&
      (prev.kind === 'days' || prev.kind === 'time') &&
      (/^[\s,:]*(?:only[\s,:]*)?(?:from|between|at|around|on|,)?\s*$/.test(
        clockText.slice(prev.endAt, it.at),
      ) ||
        // "Evening time I am free, 7 to 10": said free in the same sentence as a time.
        /^[^.;!?\n]*\b(?:free|available|around)[,:]?\s*$/.test(clockText.slice(prev.endAt, it.at)));
    // "between classes I have 11 to 1 free": said free right after it; "only free 12-2 most days":
    // right before it; "so 9 to 11 suits me": said to suit the student right after it.
    const saidFree =
      /^\s*(?:free|available|open)\b/.test(clockText.slice(it.endAt, it.endAt + 12)) ||
      (/^\s*(?:works?|suits?) (?:for )?(?:me|us|best|better)\b/.test(
        clockText.slice(it.endAt, it.endAt + 20),
      ) &&
        !/\b(?:rooms?|chapters?|ch|pages?|units?|problems?|questions?|sections?|weeks?|modules?|sets?|levels?|years?|grades?|scores?|marks?)\s*$/.test(
          clockText.slice(Math.max(0, it.at - 12), it.at),
        )) ||
      /\b(?:free|available)[,:]?\s*$/.test(clockText.slice(Math.max(0, it.at - 12), it.at));
    // "2-4 on Mondays", and "7-9 most nights": a day part after it says the range is a time.
    const byNext =
      saidFree ||
      (next !== undefined &&
        (next.kind === 'days' || (next.kind === 'time' && !next.span?.bare)) &&
        /^\s*(?:on|every|most|in the|at)?\s*$/.test(clockText.slice(it.endAt, next.at)));
    // "maybe 11 to 1", "like 1 to 4": a hedged range in a sentence that names a day or a time;
    // "tues and thurs between classes (11-1)": so is a range alone in brackets.
    const sentence = sentenceItems(items, clockText, k);
    const bracketed =
      /\(\s*$/.test(clockText.slice(Math.max(0, it.at - 2), it.at)) &&
      !NOT_HOURS_BEFORE.test(clockText.slice(Math.max(0, it.at - 20), it.at)) &&
      /^\s*\)/.test(clockText.slice(it.endAt, it.endAt + 2));
    const hedged =
      (bracketed || HEDGED.test(clockText.slice(Math.max(0, it.at - 16), it.at))) &&
      !NOT_HOURS_AFTER.test(clockText.slice(it.endAt, it.endAt + 16)) &&
      (sentence.some((x) => x.kind === 'days' || (x.kind === 'time' && !x.span?.bare)) ||
        // "around 11 to 1": an hour hedged so is a time on its own; so is one hedged after a word
        // of preference or of being free ("days suit me better, like 10-2").
        /\b(?:around|about)\s*$/.test(clockText.slice(Math.max(0, it.at - 8), it.at)) ||
        /\b(?:better|best|ideal|suits? me|free|available)[,:]?\s*(?:like|maybe|say|probably|ideally)[,:]?\s*$/.test(
          clockText.slice(Math.max(0, it.at - 30), it.at),
        ));
    // "Tuesday nights at the engineering building, 8 to 10": a range inside a day part said before
    // it in its sentence, in the half of the day the day part says.
    const half = [0, 12 * 60].find((h) =>
      sentence.some(
        (x) =>
          x.at < it.at &&
          x.kind === 'time' &&
          !x.span?.bare &&
          x.span!.start <= it.span!.start + h &&
          it.span!.end + h <= x.span!.end,
      ),
    );
    // "Evenings 8 to 11": a range right after a day part that starts inside it once read in the
    // day part's half of the day, though it ends past it (20:00–23:00, not 08:00–11:00).
    const startsIn =
      half === undefined &&
      prev?.kind === 'time' &&
      DAY_PARTS.some(([, part]) => part === prev.span) &&
      /^[\s,:]*$/.test(clockText.slice(prev.endAt, it.at)) &&
      it.span.end <= prev.span!.start &&
      prev.span!.start <= it.span.start + 12 * 60 &&
      it.span.start + 12 * 60 < prev.span!.end &&
      it.span.end + 12 * 60 <= 24 * 60
        ? 12 * 60
        : undefined;
    if (!byPrev && !byNext && !hedged && half === undefined) items.splice(k, 1);
    else if (half ?? startsIn)
      items[k] = {
        ...it,
        span: {
          ...it.span,
          start: it.span.start + (half ?? startsIn)!,
          end: it.span.end + (half ?? startsIn)!,
        },
      };
  }

  const report = { untied: false };
  const windows = assemble(items, clockText, report);
  if (windows.length === 0) return { windows, confidence: 0, doubts: [] };
  const unread = [...clockText.matchAll(CLOCK_SAID)].some(
    (m) => !timesRead.some((it) => m.index < it.endAt && it.at < m.index + m[0].length),
  );
  // A window in the small hours ("1 o'clock" read as 1am) is a guess at the half of the day.
  // Past midnight after an evening start ("11pm till 2am") is said, not guessed.
  const smallHours = windows.some(
    (w) => w.start < '06:00' && !(w.start === '00:00' && windows.some((v) => v.end === '24:00')),
  );
  const doubts = availabilityDoubts(clockText, windows, busy);
  const unsure = unread || smallHours || report.untied || doubts.length > 0;
  return { windows, confidence: unsure ? 0.4 : 0.9, doubts };
}
