import { WEEKDAYS, type Weekday } from '@studium/protocol';

/**
 * The words of the availability grammar (availability.ts): day names and day parts in English,
 * French, Spanish and German (folded: lower case, no accents), clock-time rules, and the words
 * that turn a day into an exception, a one-off ("tonight", "tomorrow") or an event ("the exam is
 * on Friday"). docs/assistants.md.
 */

export interface Span {
  start: number;
  end: number;
  /** A range of bare numbers ("2-3"): a time only next to a day or another time. */
  bare?: boolean;
  /** Implied by a day word ("weeknights"): an explicit time replaces it. */
  implied?: boolean;
  /** A single hour ("around 4:30"): an end said right after it ("till 7") makes a range. */
  point?: boolean;
  /** Only an end ("till 7"). */
  until?: boolean;
  /** Only a start ("after 6", "from 1"); `bareHour` when its hour had no am or pm. */
  open?: boolean;
  bareHour?: boolean;
}

const WEEK = [...WEEKDAYS];
export const WEEKDAY_SET: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

/** Sticky patterns, tried at one position of the folded text. */
export const DAY_WORDS: ReadonlyArray<[RegExp, Weekday[]]> = [
  [
    /\b(?:mondays?|mon|lundis?|lunes|montags?|segundas?(?:-feiras?)?|lunedi|maandags?|lendi|luni)\b/y,
    ['mon'],
  ],
  [
    /\b(?:tuesdays?|tues?|mardis?|martes|dienstags?|tercas?(?:-feiras?)?|martedi|dinsdags?|marti)\b/y,
    ['tue'],
  ],
  [
    /\b(?:wednesdays?|weds?|mercredis?|miercoles|mittwochs?|quartas?(?:-feiras?)?|mercoledi|woensdags?|miercuri|mekredi)\b/y,
    ['wed'],
  ],
  [
    /\b(?:thursdays?|thurs?|thu|jeudis?|jueves|donnerstags?|quintas?(?:-feiras?)?|giovedi|donderdags?)\b/y,
    ['thu'],
  ],
  [
    /\b(?:fridays?|fri|vendredis?|viernes|freitags?|sextas?(?:-feiras?)?|venerdi|vrijdags?|vineri|vandredi)\b/y,
    ['fri'],
  ],
  [/\b(?:saturdays?|sat|samedis?|sabados?|samstags?|sabato|zaterdags?|sambata|samdi)\b/y, ['sat']],
  [/\b(?:sundays?|sun|dimanches?|domingos?|sonntags?|domenica|zondags?|duminica|dimanch)\b/y, ['sun']],
  [
    /\b(?:weekdays?|wkdays?|work ?days?|during the week|week ?nights?|school ?nights?|en semaine|entre semana|unter der woche|werktags)\b/y,
    WEEKDAY_SET,
  ],
  [
    /\b(?:weekends?|week-ends?|wknds?|wkends?|saturdays? and sundays?|fin(?:es)? de semana|fins? de semana|fins? de semaine|fine settimana|(?:am )?wochenenden?)\b/y,
    ['sat', 'sun'],
  ],
  [
    // "any other day", "other days": the days not named before it (otherDays, availability.ts).
    /\b(?:every ?day|everyday|daily|any ?day|(?<=\b(?:any|all) other )days?|(?<=(?:^|[.!?,;]\s*|\b(?:the|so|and) )other )days|all week|7 days a week|seven days a week|every day of the week|tous les jours|todos los dias|jeden tag|taglich)\b/y,
    WEEK,
  ],
];

/**
 * Days in timetable shorthand, only as a list of two or more: "M/W/F", "T/Th", "Tu/Th", "MWF",
 * "TTh" (a lone "M" or "T" is a letter, not a day).
 */
const SHORT_DAY = String.raw`(?:m|tu?|w|th|r|f|sa|su)`;
export const SHORT_DAY_LIST = new RegExp(
  String.raw`\b(?:${SHORT_DAY}(?:\s*\/\s*${SHORT_DAY})+|mwf|tth|tuth)\b`,
  'y',
);
const SHORT_DAYS: Readonly<Record<string, Weekday>> = {
  m: 'mon',
  t: 'tue',
  tu: 'tue',
  w: 'wed',
  th: 'thu',
  r: 'thu',
  f: 'fri',
  sa: 'sat',
  su: 'sun',
};
/** The days of a shorthand list ("t/th" → Tuesday, Thursday). */
export function shortDays(list: string): Weekday[] {
  const parts = list.includes('/')
    ? list.split('/').map((p) => p.trim())
    : (list.match(/th|tu|sa|su|[mtwrf]/g) ?? []);
  return parts.map((p) => SHORT_DAYS[p]).filter((d): d is Weekday => d !== undefined);
}

/** Words for the whole of a day: a time, so they stay with the days they follow ("weekends anytime"). */
export const WHOLE_DAY: Span = { start: 9 * 60, end: 21 * 60 };

export const EVENING: Span = { start: 18 * 60, end: 22 * 60 };

export const DAY_PARTS: ReadonlyArray<[RegExp, Span]> = [
  [
    /\b(?:any ?time|whenever|all (?:the )?time|all day(?: long)?|any hour|a toute heure|cuando sea|jederzeit)\b/y,
    WHOLE_DAY,
  ],
  [
    /\b(?:(?:early )?mornings?|mornin'?|(?:por|de|en) la manana|mananas|matin(?:s|ee|ees)?|morgens|vormittags?|(?:de|pela|a) manha|manhas|mattin[ae]|mattinata|subah|umaga|(?:in de |'s )?ochtends?|(?:in die )?oggend|dimineata|maten)\b/y,
    { start: 8 * 60, end: 12 * 60 },
  ],
  [
    /\b(?:after lunch|apres le dejeuner|despues de comer|nach dem mittagessen)\b/y,
    { start: 14 * 60, end: 18 * 60 },
  ],
  [
    /\b(?:lunch ?times?|lunch ?breaks?|lunch ?hours?|lunch|midday|mittags?)\b/y,
    { start: 12 * 60, end: 14 * 60 },
  ],
  [
    /\b(?:(?:late )?afternoons?|arvos?|(?:fin d')?apres[- ]midis?|aprems?|(?:por|de|en) la tarde|tardes?|nachmittags?|pomeriggio|dopahar|hapon|(?:in de )?namiddag|'s middags|dupa-amiaza|apremidi)\b/y,
    { start: 12 * 60, end: 18 * 60 },
  ],
  [
    /\b(?:evenings?|eves|(?<=\b(?:mon|tues?|wed|thu|thurs?|fri|sat|sun|\w+day|weekday|week)s?\.? )eve(?![ -](?:of|before)\b)|evenin'?|after work|after dinner|soir(?:s|ee|ees)?|abends?|(?:la |di )sera|shaam(?: ko)?|(?:in de |'s )?avonds?|seara|aswe)\b/y,
    EVENING,
  ],
  [
    /\b(?:nights?|nites?|late at night|(?:por|de|en) la noche|noches?|nuits?|nachts|noites?|(?:la |di )notte|raat(?: ko)?)\b(?![ -]owls?\b)/y,
    { start: 20 * 60, end: 24 * 60 },
  ],
];

/**
 * A day that is not a weekly slot: "tonight", "today after 3", "tomorrow", "this Thursday", "next
 * Monday", "anytime this week" (the week before an exam is no weekly slot either). A time that follows one belongs to it and is dropped with it, and a refusal of one ("not
 * this Thursday") refuses no weekly day.
 */
export const ONE_OFF =
  /\b(?:(?:this|next|this coming) (?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|mon|tues?|weds?|thurs?|thu|fri|sat|sun)\b|(?:(?:any ?time|whenever|any day|all|only|just) )?(?:this|next|this coming) week(?!end)|to ?night|tonite|today|tomorrow|tmrw|tmr|tomorow|right now|now(?!\s+(?:i'?m|im|i am|i|in|[a-z]+ing)\b)|this (?:morning|afternoon|evening)|(?:one|1) (?:weekend|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?) (?:a|per|each|every) month|(?:the )?(?:first|1st|second|2nd|third|3rd|fourth|4th|last) (?:weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s? (?:of|in) (?:the|each|every|a) month|the day after|aujourd'hui|ce soir|demain|hoy|esta noche|heute|morgen)\b/y;

/** Before a day: an exam, a deadline or an event happens then ("the exam is on Friday"). */
export const EVENT_BEFORE =
  /\b(?:exams?|midterms?|finals?|quiz(?:zes)?|tests?|deadlines?|due|presentations?|interviews?|lab reports?|vivas?|defen[cs]es?|cats?(?=\s+(?:is|are|was)\b))\b(?:\s+(?:in|for|of)(?:\s+[\w&-]+){1,2}?)?(?:,?\s+(?:and\s+|but\s+)?the\s+(?:next|second|third|other|last|final|big)\s+one)?(?:'s|\s+(?:is|are|'s|was|on|next|this|coming|every|due|up|got|been|(?:pre|post)?poned|moved|(?:re)?scheduled|to))*\s*$/;

/** After a day: the day names a class or an event ("my Monday lecture", "the Friday quiz"). */
export const EVENT_AFTER =
  /^\s*(?:morning |afternoon |evening )?(?:lectures?|class(?:es)?|labs?|seminars?|tutorials?|shifts?|practicals?|exams?|quiz(?:zes)?|tests?|deadlines?|midterms?)\b/;

/**
 * The part of the day at `from`..`to` names a shift, no free time: "after my night shift", "morning
 * shifts", "a night-shift porter"; or a rota of them: "I'm on nights this month", "on lates".
 */
export function namesShift(text: string, from: number, to: number): boolean {
  if (/^[\s-]*shifts?\b/.test(text.slice(to, to + 8))) return true;
  return (
    /s$/.test(text.slice(from, to)) &&
    /\b(?:i'?m|i am|i'?ll be|we'?re|been|be|currently|still|working) on\s*$/.test(
      text.slice(Math.max(0, from - 20), from),
    )
  );
}

/**
 * After a day: the day is out ("Monday is bad", "Fridays are out", "Wednesday no"), or taken
 * ("weekday afternoons are practice", unless free after it: "Mondays are lectures till 2").
 */
export const OUT_AFTER =
  /^\s*(?:(?:is|are|'s)\s+)?(?:(?:so\s+)?(?:that'?s|that is|it'?s|they'?re)\s+)?(?:(?:mostly|usually|always|pretty much|all) )?(?:out|bad|no good|impossible|gone|taken|booked|dead|a no(?:-go)?|not (?:good|possible|ok|great|convenient|ideal)|(?:don'?t|do not|doesn'?t) work)\b|^\s*,?\s*(?:i'?m|i am) (?:a zombie|dead|wrecked|knackered|shattered|exhausted|useless)\b|^\s*(?:is|are)\s+(?:my\s+)?(?:practice|training|work|class(?:es)?|lectures?|labs?|shifts?|rehearsals?|clinicals?|placements?|drills?|choir|cadets|church|mass|bible study|youth group|volunteering)\b(?![^,.;!?\n]{0,25}\b(?:till|until|til|then|free|after|but)\b)|^\s*(?:is|are)\s+(?:my\s+)?(?:busy|money|work|working|peak|rush|earning)\s+(?:time|hours|period|shifts?|days?|nights?)\b|^\s*(?:is|are|'s)\s+(?:(?:kept|saved|reserved|set aside) )?for (?:church|mass|chapel|mosque|temple|worship|prayers?|family|the family|my family|the kids|my kids|chores|rest|sleep|sport|work|my job)\b|^\s*,?\s*no\b(?!,?\s*wait\b)|^\s*,?\s*i (?:have|got) (?:a |my )?(?:labs?|class(?:es)?|lectures?|work|practice|training|shifts?|clinicals?)\b|^[^,.;!?\n]{0,40}?\bso (?:no\b|not (?:those|them|that|then)\b|(?:they'?re |that'?s |it'?s )?(?:out|a no|a write-?off)\b)/;

/**
 * A word of habit between "I" and the verb: "I usually work tues thurs and sat", "I also have
 * lectures on Monday".
 */
export const HABIT = String.raw`(?:(?:usually|normally|mostly|also|often|typically|generally|always|currently|still) )?`;

export const EXCEPT = new RegExp(
  String.raw`\b(?:not on|busy(?: on)?|working on|i ${HABIT}work(?: on)?|i'?m ${HABIT}working(?: on)?|i ${HABIT}have (?:classes|class|lectures|labs?|seminars|tutorials|work|shifts?)(?: on)?|(?:job|shifts?|lab|classes|practice|training) on|unavailable on|not available on|(?:i'?m|i am) (?:out|away)(?: [a-z]+ing)?(?: on)?|(?:takes?|taking|took|eats?) up (?:(?:all|most) (?:of )?)?my|no)\b(?=\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|week))|\b(?:except(?: for)?|anything but|everything but|apart from|other than|but not|excluding|sauf|excepto|salvo|menos|ausser|tranne|eccetto)\b|\bbar(?=\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|week))`,
  'y',
);
/**
 * An answer correcting itself: the days or time said just before are replaced by what follows
 * ("Monday, actually no, Tuesday", "Wednesdays, sorry, I meant Thursdays").
 */
export const CORRECTION =
  /\b(?:actually,? no|no wait|wait,? no|no sorry|sorry,? no|(?:sorry,? )?i meant|scratch that|make that|or rather|correction)\b|(?<=[—–-]\s*)sorry,?(?=\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|week))/y;
export const BUT_EXCEPT = /\bbut(?= (?:on )?(?:mon|tue|wed|thu|fri|sat|sun))/y;
export const BREAKS = /\b(?:but|however|though|although|otherwise)\b(?! not)|[;\n.]/y;

/** A bare or marked hour to minutes; `bias` says which half of the day a bare hour is in. */
export function hourOf(
  h: number,
  m: number,
  marker: string | undefined,
  bias: 'pm-small' | 'pm' | 'am',
): number | null {
  if (h > 24 || m > 59) return null;
  let hour = h;
  if (marker === 'pm' || marker === 'p.m.') hour = h === 12 ? 12 : h + 12;
  else if (marker === 'am' || marker === 'a.m.') hour = h === 12 ? 0 : h;
  else if (marker === undefined && h <= 12) {
    if (bias === 'pm' && h < 12) hour = h + 12;
    else if (bias === 'pm-small' && h >= 1 && h <= 7) hour = h + 12;
  }
  // "h" and "Uhr" ("18h", "16 Uhr") are the 24-hour clock: no bias.
  if (hour > 24) return null;
  return hour * 60 + m;
}

// An ordinal ("2nd year") is no hour; "7ish" is one.
const NUM = String.raw`(\d{1,2})(?!\d|st\b|nd\b|rd\b|th\b)(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|uhr|h\b)?(?:\s*ish\b)?`;
/**
 * "after my shift at 9pm", "before class at 10", "after Maghrib around 7:30 pm": the event's hour
 * is the bound ("after 9pm", "before 10").
 */
const EVENT = String.raw`(?:class(?:es)?|lectures?|labs?|work|shifts?|practice|training|lunch|dinner|school|uni|college|prayers?|fajr|dhuhr|zuhr|asr|maghrib|isha|jumm?ah|iftar|church|mass|gym|job)`;
const EVENT_AT = String.raw`(?:(?:my|the|a|an|our)\s+)?${EVENT}\s+(?:(?:end|ends|finish|finishes|start|starts|get out|gets out|are over|is over)\s+)?(?:at|@|around|about|~)\s+`;
/** "from about 1:30", "after around 6": the hedge says nothing about the hour. */
const HEDGE = String.raw`(?:(?:about|around|roughly|approx\.?|approximately|like|maybe)\s+)?`;
const markerless = (m: string | undefined) => m === undefined;
const HEDGED_START = /^(?:about|around|roughly|approx|like|maybe)\b/;
/** "after 15 years", "about 10 minutes", "by 3 weeks": a number of years or minutes is no hour. */
const NOT_A_CLOCK = String.raw`(?!\s*(?:years?|yrs?|months?|weeks?|wks?|days?|hours?|hrs?|mins?|minutes?|semesters?|terms?|times|people|students|pages?|questions?)\b|\s*%)`;

export const TIME_RULES: ReadonlyArray<[RegExp, (m: RegExpExecArray) => Span | null]> = [
  [
    new RegExp(
      String.raw`\b(?:from\s+|between\s+|de\s+|von\s+|entre\s+)?${HEDGE}${NUM}\s*(?:-|–|—|~|〜|to|until|till|til|and|a|bis|et|y)\s*${NUM}(?!\s*(?:(?:hours?|hrs?|times|people|weeks?|days?)\b|\d))`,
      'y',
    ),
    (m) => {
      const endMarker = m[6];
      let end = hourOf(Number(m[4]), Number(m[5] ?? 0), endMarker, 'pm-small');
      let start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3] ?? endMarker, 'pm-small');
      if (start === null || end === null) return null;
      // "6 to 9": a bare end before a start read as pm is pm too (18:00–21:00).
      if (start >= end && markerless(endMarker) && end < 12 * 60 && start >= 12 * 60) end += 12 * 60;
      // "11pm till 2am", "9pm to 1am": past midnight, into the next day (at most until 6am).
      if (start >= 18 * 60 && end <= 6 * 60 && end > 0 && /^a/.test(endMarker ?? '')) end += 24 * 60;
      if (start >= end && markerless(m[3])) start = hourOf(Number(m[1]), Number(m[2] ?? 0), undefined, 'am');
      if (start === null || start >= end || end > 30 * 60) return null;
      const bare = !/am|pm|a\.m|p\.m|:|uhr|\dh|^(?:from|between|de|von|entre)/.test(m[0]);
      // "around 10pm to 1am" is one range; a hedged bare range ("maybe 11 to 1") is left to the
      // reading of hedged ranges, which looks at the words around it.
      if (bare && HEDGED_START.test(m[0])) return null;
      return { start, end, bare };
    },
  ],
  [
    new RegExp(
      String.raw`\b(?:after|efter|aftr|from|past|later than|apres|(?:a partir de|despues de|desde)(?:\s+las?)?|ab|nach)\s+(?:${EVENT_AT})?${HEDGE}${NUM}${NOT_A_CLOCK}`,
      'y',
    ),
    (m) => {
      const start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm');
      if (start === null) return null;
      const end = start >= 22 * 60 ? 24 * 60 : Math.max(22 * 60, start + 60);
      return { start, end, open: true, bareHour: m[3] === undefined };
    },
  ],
  [
    new RegExp(
      String.raw`\b(?:before|until|till|by|avant|antes de|vor|voor|bis)\s+(?:${EVENT_AT})?${HEDGE}${NUM}${NOT_A_CLOCK}`,
      'y',
    ),
    (m) => {
      const end = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm-small');
      if (end === null || end <= 8 * 60) return null;
      return { start: 8 * 60, end, until: true };
    },
  ],
  // "before my 11am class", "after the 2pm lecture": the event's hour said before it is the bound too.
  [
    new RegExp(String.raw`\b(before|after)\s+(?:my|the|a|an|our)\s+${NUM}\s*${EVENT}\b`, 'y'),
    (m) => {
      const at = hourOf(Number(m[2]), Number(m[3] ?? 0), m[4], m[1] === 'after' ? 'pm' : 'pm-small');
      if (at === null) return null;
      if (m[1] === 'after') return { start: at, end: at >= 22 * 60 ? 24 * 60 : Math.max(22 * 60, at + 60) };
      return at <= 8 * 60 ? null : { start: 8 * 60, end: at, until: true };
    },
  ],
  // "6pm onwards", "6 onwards": from that hour on, as "after 6" is; a hedge before it ("about 8:30
  // onwards") says nothing about the hour, and does not make it a point.
  [
    new RegExp(String.raw`\b${HEDGE}${NUM}\s*(?:onwards?|and later|or later)\b`, 'y'),
    (m) => {
      const start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm');
      if (start === null) return null;
      return { start, end: start >= 22 * 60 ? 24 * 60 : Math.max(22 * 60, start + 60) };
    },
  ],
  [
    new RegExp(
      // "around 8 to 10" is a hedged range, read with the words around it, not a point at 8.
      String.raw`\b(?:at|(?:around|about)(?!\s+\d{1,2}\s*(?:-|–|to|till|til|until)\s*\d)|@|a las|um|vers|gegen|a(?=\s+\d{1,2}(?:h|:\d\d)))\s+${NUM}${NOT_A_CLOCK}`,
      'y',
    ),
    (m) => {
      const start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm-small');
      if (start === null || start >= 24 * 60) return null;
      return { start, end: Math.min(24 * 60, start + 120), point: true };
    },
  ],
  [
    /\b(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|uhr|h\b)/y,
    (m) => {
      const start = hourOf(Number(m[1]), Number(m[2] ?? 0), m[3], 'pm-small');
      if (start === null || start >= 24 * 60) return null;
      return { start, end: Math.min(24 * 60, start + 120) };
    },
  ],
  // "2ish", "around 7ish": about that hour, a two-hour block.
  [
    /\b(\d{1,2})\s*ish\b/y,
    (m) => {
      const start = hourOf(Number(m[1]), 0, undefined, 'pm-small');
      if (start === null || start >= 24 * 60) return null;
      return { start, end: Math.min(24 * 60, start + 120) };
    },
  ],
  // The 24-hour clock in four digits: "1900-2100", "0900 to 1100".
  [
    /\b([01]\d|2[0-3])([0-5]\d)\s*(?:-|–|to|till|until)\s*([01]\d|2[0-4])([0-5]\d)\b/y,
    (m) => {
      const start = Number(m[1]) * 60 + Number(m[2]);
      const end = Number(m[3]) * 60 + Number(m[4]);
      return start < end && end <= 24 * 60 ? { start, end } : null;
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

/**
 * Same-length rewrites before scanning, so every position still points into the answer:
 * "noon" is 12pm ("10am–noon", "noon till 4"), "midday" too.
 */
const TIME_ZONE_OFFSET =
  /(?<![\w+])\+\s*\d{1,2}(?::[0-5]\d)?\b|\b(?:gmt|utc)\s*[-–+]\s*\d{1,2}(?::[0-5]\d)?\b/g;
/** The text with time zone offsets blanked (same length): "(IST, +5:30)", "GMT-4" are no hours. */
export const blankTimeZones = (text: string): string =>
  text.replace(TIME_ZONE_OFFSET, (m) => ' '.repeat(m.length));

export function normaliseClock(folded: string): string {
  const clock = blankTimeZones(folded)
    .replace(GREETING, (m) => ' '.repeat(m.length))
    .replace(
      HOMOPHONE_HOUR,
      (_m, lead: string, h: string, gap: string) => lead + padded(h, String(HOMOPHONES[h])) + gap,
    )
    .replace(/\bnoon\b/g, '12pm')
    .replace(/\bmidday\b/g, '12pm  ');
  return blankAges(halfOfDay(hoursInWords(halfHours(clock))));
}

/** The text with ages blanked (same length). */
export const blankAges = (text: string): string =>
  text.replace(AGE, (_m, lead: string, age: string) => lead + ' '.repeat(age.length));

/**
 * "I left school at 19", "went back to uni at 35": the age of a step in life, no hour (blanked, so
 * no rule reads it).
 */
const AGE =
  /\b((?:left|leaving|quit|finished|started|graduated(?: from)?|dropped out of|went back to|came back to|returned to|back to)\s+(?:high |secondary |grad )?(?:school|uni|university|college|studying|studies|home|the army)\s+at )(1[3-9]|[2-9]\d)\b(?!\s*(?:am|pm|a\.m\.|p\.m\.|[:.]\d|h\b|uhr|o'?clock|ish))/g;

/** A greeting names no time: "Good afternoon.", "boa tarde!", "buenas noches". */
const GREETING =
  /\b(?:good|gud) (?:morning|afternoon|evening|night)\b|\b(?:boa (?:tarde|noite)|bom dia|buen(?:as|os) (?:tardes|noches|dias)|guten (?:morgen|abend|tag)|bonsoir|sat sri akal)\b/g;

/** Voice-to-text writes an hour as a word that sounds like it: "at too PM" is 2pm. */
const HOMOPHONES: Readonly<Record<string, number>> = { too: 2, to: 2, for: 4, won: 1, ate: 8 };
const HOMOPHONE_HOUR =
  /\b(at |around |about |from |after |until |till |by )(too|to|for|won|ate)(\s*)(?=(?:pm|am|p\.m\.|a\.m\.)\b)/g;

/**
 * "10 in the morning" is 10am, "2 in the afternoon" and "8 at night" pm: the day part says the
 * half of the day of the hour before it ("from 10 in the morning to 2 in the afternoon"). Twelve
 * "in the morning" ends a morning ("ten to twelve in the morning"): noon.
 */
const HALF_OF_DAY = /\b(\d{1,2})((?::\d\d)?)\s+(?:in the (morning|afternoon|evening)|at (night))\b/g;
function halfOfDay(text: string): string {
  return text.replace(HALF_OF_DAY, (m, hour: string, minutes: string, part?: string) => {
    if (hour === '12' && part !== 'morning') return m;
    return padded(m, `${hour}${minutes}${part === 'morning' && hour !== '12' ? 'am' : 'pm'}`);
  });
}

/** Same length as `from`: `to` padded with spaces. */
const padded = (from: string, to: string): string => to.padEnd(from.length, ' ');

const HOUR_NAMES = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const HOUR_NAME = `(${HOUR_NAMES.join('|')})`;
const hourNumber = (word: string): number => HOUR_NAMES.indexOf(word) + 1 || Number(word);

/**
 * British "half four" is 4:30 ("after half four", "from half ten till one"); "half past four"
 * is left to the clock rules that read it.
 */
const HALF_HOUR = new RegExp(
  String.raw`\bhalf\s+(${HOUR_NAMES.join('|')}|\d{1,2})\b(?!\s*(?:hours?|hrs?|days?|weeks?))`,
  'g',
);
function halfHours(text: string): string {
  return text.replace(HALF_HOUR, (m, h: string, at: number) => {
    const hour = hourNumber(h);
    if (hour < 1 || hour > 12) return m;
    // Alone, from one to seven it is the afternoon, unless the morning is said ("half seven in the
    // morning"); the start of a range takes its half of the day from the range ("half two to four").
    const after = text.slice(at + m.length, at + m.length + 16);
    const bare = !/^\s*(?:am\b|a\.m\.|in the morning|-|–|to\b|till?\b|until\b)/.test(after);
    return padded(m, `${hour}:30${hour <= 7 && bare ? 'pm' : ''}`);
  });
}

/** What may follow an hour in words for it to be a clock hour: the end of a phrase, a range, a day part. */
const HOUR_END = String.raw`(?=\s*(?:$|[,.;!?)]|(?:-|to|till|til|until|and|or|in the|on|ish|every|most|pm|am|p\.m\.|a\.m\.|o'?clock|except|but|so|if|because|cause|cuz|is|works|onwards?|mon|tue|wed|thu|fri|sat|sun|week)\b))`;

/**
 * An hour in words is a clock hour where a time is said: after "from", "after", "till", "at"…,
 * or as the second hour of a range ("10 to twelve"), and only before the end of a phrase, a
 * range word, a day part or "pm" ("from ten to twelve in the morning", "till one,"); "at one
 * point", "about two weeks" are numbers.
 */
const HOUR_IN_WORDS = new RegExp(
  String.raw`\b(from|after|before|until|till|til|at|around|about|between|by|\d{1,2}(?::\d\d)?\s*(?:-|to|till|til|until|and))(\s+)${HOUR_NAME}\b${HOUR_END}`,
  'g',
);
/** "ten to twelve": the first hour of a range in words, before a second one. */
const FIRST_HOUR_IN_WORDS = new RegExp(
  String.raw`(\bfrom|\bbetween|^|[,.;:!?(])(\s*)${HOUR_NAME}(?=\s*(?:-|to|till|til|until|and)\s*(?:\d|${HOUR_NAMES.join('|')})\b${HOUR_END})`,
  'g',
);
function hoursInWords(text: string): string {
  const digits = (_m: string, lead: string, gap: string, h: string) =>
    lead + gap + padded(h, String(hourNumber(h)));
  return text.replace(FIRST_HOUR_IN_WORDS, digits).replace(HOUR_IN_WORDS, digits);
}

/**
 * Day names and day parts misspelled ("wensday", "thersday", "munday to frieday", "tusday
 * evnings", "afternon"): a word that is none of the known words, within one edit of a day or day
 * part (two from eight letters) and with its first letter, is read as that word. Rewritten to a
 * short form of the same meaning so positions hold ("thersday" → "thu     ").
 */
const TYPO_TARGETS: ReadonlyArray<[string, string]> = [
  ['monday', 'mon'],
  ['tuesday', 'tue'],
  ['wednesday', 'wed'],
  ['thursday', 'thu'],
  ['friday', 'fri'],
  ['saturday', 'sat'],
  ['sunday', 'sun'],
  ['morning', 'matin'],
  ['afternoon', 'arvo'],
  ['evening', 'eves'],
];
const KNOWN_TIME_WORD = new RegExp(
  `^(?:${[...DAY_WORDS.map(([re]) => re.source), ...DAY_PARTS.map(([re]) => re.source)].join('|')})$`,
);

/** Optimal string alignment distance (a swap of two letters is one edit). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** After a word: the word names a place ("Sunway uni", "Fryday college"), no misspelled day. */
const PLACE_AFTER =
  /^\s+(?:uni|university|college|campus|school|academy|institute|polytechnic|mall|hospital|station|street|road|avenue|park|hall|centre|center|library|building)\b/;

export function fixDayTypos(folded: string): string {
  return folded.replace(/\b[a-z]{5,}\b/g, (word, at: number) => {
    if (KNOWN_TIME_WORD.test(word)) return word;
    if (PLACE_AFTER.test(folded.slice(at + word.length, at + word.length + 14))) return word;
    const stem = word.endsWith('s') ? word.slice(0, -1) : word;
    for (const [name, short] of TYPO_TARGETS) {
      if (stem[0] !== name[0] || Math.abs(stem.length - name.length) > 2) continue;
      if (editDistance(stem, name) <= (name.length >= 8 ? 2 : 1)) return short.padEnd(word.length, ' ');
    }
    return word;
  });
}
