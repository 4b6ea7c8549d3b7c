import { LANGUAGE_NAMES, type InterviewReading } from '@studium/protocol';
import { EITHER_ROLE } from './role';

/**
 * The meeting modality an interview answer asks for, from cues over the folded text; a place to
 * meet implies in person. docs/assistants.md, "Reading an interview answer".
 */

type Modality = NonNullable<InterviewReading['modality']>;

type Cue = Modality | 'not-online' | 'not-in-person' | 'place' | 'away';

const MODALITY_PATTERNS: ReadonlyArray<[RegExp, Cue]> = [
  [
    /\b(?:don'?t|do not|doesn'?t|does not|wouldn'?t|would not) (?:really )?(?:mind|care)\b(?!\s+(?:online|in[- ]person|on campus|remote|hybrid|zoom|face))/,
    'either',
  ],
  [
    /\b(?:either(?! way)(?: is| works)?(?: fine| ok| good)?|(?<!(?:^|[.!?])\s*)either way|whichever|no preference|doesn'?t matter|doesnt matter|does not matter|no matter|not fussed|don'?t care|both work|both are fine|both fine|both ok|i'?m easy|anything works|whatever works|whatever (?:suits|you prefer|you want|you like)|flexible about (?:where|how|the format)|any format|whatever format|either'?s fine|idc|idm|no pref|open to (?:both|either)|both (?:good|great|cool)|up to you|egal|peu importe|me da igual|da igual|tanto faz|indifferent)\b/,
    'either',
  ],
  [
    /\b(?:hybrid|mixed online\/in[- ]person|sometimes online,? sometimes in[- ]person|some sessions online|mix(?:ed|ture)? (?:of )?(?:both|online ?(?:and|\+|&|\/|n|or) ?(?:in[- ]person|offline|on campus|irl|f2f|face to face))|mixture|a bit of both|some of each|sometimes online,? sometimes|partly online|half online|half (?:the |of the )?(?:sessions?|time) (?:on|online|at|in)\b[^.!?]*\bhalf|(?:one|every other) week\b(?! on,? (?:(?:one|1|a) )?week off\b)[^.!?]*\b(?:the next|the other|other weeks?|one week)|(?:some|other) weeks\b[^.!?]*\b(?:other|some) weeks|alternat(?:e|ing)(?: between| weeks)?|take turns between|(?:do|it'?s|a) mix\b)\b/,
    'hybrid',
  ],
  [
    /\b(?:not|no|never|rather not|don'?t want(?: to (?:do|meet))?|(?:don'?t|do not|doesn'?t|won'?t) (?:really |usually )?do|hate|dislike|avoid|without|not (?:really |much of |exactly )?(?:a |the )?(?:big |huge )?fan of)\s+(?:\w+\s+){0,3}(?:online|on zoom|zoom|video calls?|virtual(?:ly)?|over the internet)\b/,
    'not-online',
  ],
  [
    /\b(?:not|no|never|rather not|can'?t|cannot|don'?t want(?: to (?:meet|do))?|not (?:really |much of |exactly )?(?:a |the )?(?:big |huge )?fan of)\s+(?:\w+\s+){0,3}(?:in[- ]person|on campus|face to face|irl|meet(?:ing)? up)\b|\b(?:can'?t|cannot|unable to)\s+(?:easily\s+|really\s+)?(?:get|come|make it|travel|commute)\s+(?:in)?to\s+(?:the\s+)?(?:\w+\s+)?campus\b/,
    'not-in-person',
  ],
  [/\b(?:remote(?:ly)?|from home|from my (?:room|flat|place)|wfh)\b/, 'remote'],
  // Away from campus: "deployed overseas", "I'm in Moscow now", "back home in Abuja till January",
  // "living in another city": with online, remote; alone, it says nothing of how to meet.
  [
    /\b(?:deployed|overseas|abroad|daheim|(?<!\b(?:was|were|did|used to|worked|taught)\b[^.!?]{0,30})back home|(?:in|from) (?:another city|my home ?town)|(?:i'?m|i am|currently|living) (?:in|back in|at home in) (?!(?:class|lab|lecture|the|a|my|bed|town|person)\b)\w+ (?:now|right now|for now|this (?:semester|term|year)|until|till)|(?:wohn|lebe?)\w* (?:dieses semester |gerade |jetzt )?(?:daheim|zu hause|zuhause))\b/,
    'away',
  ],
  [
    /\b(?:online|on ?line|en ligne|en linea|a distancia|on zoom|zoom|over zoom|teams|google meet|gmeet|discord|skype|whatsapp|facetime|webex|video ?calls?|video chat|virtual(?:ly)?|over the internet|via video|video (?:only|sessions?|meetings?)|(?:over|via) (?:a )?(?:video |phone )?calls?|on (?:a (?:video |phone )?|video |phone )calls?|phone calls?|distanciel|a distance|a distancia|remoto|voice calls?|text[- ]based (?:chat|sessions?))\b/,
    'online',
  ],
  [
    /\b(?:in[- ]?person|on campus|on-campus|face[- ]to[- ]face|f2f|irl|in real life|offline|meet (?:up )?(?:in|at) (?:the )?(?:library|cafe|campus)|at the library|in the library|physically|meet up|presencial(?:mente)?|en persona|(?:en )?presentiel|sur place|vor ort|personlich|face 2 face|offline|in presenza|di persona|physical(?:ly)? (?:meeting|sessions?)|meet physically|(?<=(?:\bor|\/)\s*)physical|physical(?=\s*(?:or|and|\/|n)\s*(?:online|virtual|zoom)\b))\b(?!\s+(?:chem\w*|therapy|education|sciences?|geography|world))/,
    'in_person',
  ],
  // A place to meet is in person: "at the chem building", "in the lounge", "library", "campus".
  [
    /\b(?:(?:at|in|near) (?:the |my |our |a |someone'?s )?(?:[\w&'-]+ ){0,3}(?:building|library|lounge|cafe|cafeteria|department|lab|commons|union|room|office|dorm|hall|bu|fac|bibliothek|bib|mensa|biblioteca|bibliotheque|canteen|food court|hostel|quad|student (?:centre|center))|(?:at|in|near) (?:the |my |our )?uni|(?:on|at|to|around|near|or|for|in|by) (?:the )?campus|campus (?:only|please|pls|is|works|or|and|building)|(?:^|[,.;] ?)campus\b|library|cafe|room [a-z]?\d+|my office|[\w&'-]+ building|(?!(?:after|before|between|from|to|at|in|high|middle|primary|secondary|grad|graduate|med|medical|law|summer|night|sunday|my|our|the|kids'?) )[\w&'-]+ school|au campus|en el campus|a la bu|biblioteca|bibliotheque|bibliothek|(?:la |en la |the )biblio|(?:^|[,.;:] ?)the (?:[\w&'-]+ ){0,2}(?:lounge|library|cafe|lab|commons|study hall)|coffee ?(?:house|shop)|(?:at|in|near|for|by|to) the (?!(?:same|next|first|second|last|whole|time|hour|study|free|morning|afternoon|evening|night|lunch|two|three|four)\b)(?:[a-z&'-]+ ){1,2}block|meet(?:ing)? (?:up )?(?:in|at) the (?!(?:evening|morning|afternoon|weekend|week|day|night|end|start)s?\b)[a-z]+)\b/,
    'place',
  ],
];

export interface ModalityReading {
  value: Modality | null;
  /**
   * 0..1: said outright is sure; only implied by a place to meet is less so; `either` only because
   * online and in person are both named, with no word of choice between them, is asked (0.45).
   */
  confidence: number;
}

/**
 * Words that are about something else than how to meet: the place of a job ("I work at the cafe
 * mon/wed/fri", "I work at the campus gym", "I work at the library on weekends": a library said
 * with the days or hours of work) is no place to meet, nor is where the student is not ("the only
 * time I'm not working or at uni"), nor the department the student holds a post in ("I'm a TA in the
 * physics department"), or went to or left school ("went to a Gaelic-medium school", "I left school at 19"), and two languages said to be both fine ("Polish or English
 * both fine for me") are no choice between online and in person, nor is indifference said of the
 * time ("any time really, whatever suits").
 */
const LANGUAGE_WORD = `(?:${[
  ...new Set(LANGUAGE_NAMES.map(([name]) => name.toLowerCase()).filter((name) => /^[a-z]{4,}$/.test(name))),
].join('|')})`;
const ABOUT_SOMETHING_ELSE = new RegExp(
  String.raw`\bi(?: work|'?m working| am working)\s+(?:at|in)\s+(?:the |a |our )?(?:[\w&'-]+ )?(?:library|lib)\b(?=,?\s*(?:on|every|most|\d|(?:mon|tue|wed|thu|fri|sat|sun)\w*|week|weekends?|nights|evenings|mornings|afternoons|shifts?|part[- ]time|full[- ]time|as)\b)|\b(?:work|works|working|job|shifts?)\s+(?:at|in)\s+(?!(?:the |a |my |our )?(?:[\w&'-]+ )?(?:library|libraries|lib|study|campus(?! (?:book)?(?:store|shop)|(?: \w+)? (?:gym|bar|pub|cafe|cafeteria|canteen|dining hall|kitchen|restaurant|mailroom|security|bookstore|daycare|pool))|group|groups|pairs?|person)\b)(?:the |a |my |our )?(?:[\w&'-]+ ){0,2}[\w&'-]+\b|\b(?:i'?m|i am|when|while)\s+not\s+(?:[\w']+\s+){0,2}(?:at|on|in)\s+(?:uni|campus|school|college|class|work)\b|\b(?:ta|teaching assistant|student|major|researcher|lecturer|phd|postdoc|rep)\s+(?:in|at|for)\s+(?:the |a |our )?(?:[\w&'-]+ ){0,2}(?:department|dept|faculty)\b|\b(?:went|used to go|attended|attend|grew up|left|leaving|quit|finished|dropped out of)\s+(?:(?:to|at|in)\s+)?(?:a |an |the |my )?(?:[\w&'-]+ ){0,2}(?:school|college|uni|university)\b|\b${LANGUAGE_WORD}\s*(?:,|or|and|\/|&)\s*${LANGUAGE_WORD}\s*,?\s*(?:(?:are|is) )?(?:both|either)(?: (?:is|are|of them))? (?:fine|ok|okay|good|work)\b|\b(?:any ?time|whenever|any day|any hour)\b[^.!?;]{0,20}?\b(?:whatever (?:suits|works)|i'?m easy|anything works|doesn'?t matter|no preference)\b`,
  'g',
);

/**
 * Said of studies, work or time, not of how to meet: a placement's place ("on placement at a
 * school"), the town the student studies in ("I'm at uni in Hilo") or a university named ("on
 * exchange at the Uni of Ghent"), a degree taken online ("doing an online degree"), school hours
 * and runs ("I can only do school hours"), online said to be a problem ("the wifi drops so online
 * can be a problem") and indifference said of when ("not fussed about when").
 */
const ABOUT_STUDIES_OR_TIME =
  /\bon (?:placement|rotation|clinicals?|shift|duty) (?:at|in) (?:the |a |my )?(?:[\w&'-]+ ){0,2}[\w&'-]+|\bat uni in [a-z]+|\bat (?:the )?(?:uni|university|college) of [a-z]+|\bonline (?:degree|programme|program|diploma|masters?|uni|university)\b|\bschool (?:hours|runs?|pick-?ups?|drop-?offs?|holidays)\b|\b(?:online|zoom|video calls?|teams) (?:can be|is|could be|might be) (?:a )?(?:bit of a )?(?:problem|issue|pain|hard|tricky|difficult|unreliable)\b|\b(?:not fussed|don'?t mind|doesn'?t matter|no preference) (?:about |re |on |as to )?(?:when|what time|which days?|the (?:time|timing|days?))\b/g;

export function findModality(input: string): ModalityReading {
  const text = input
    .replace(ABOUT_SOMETHING_ELSE, (m) => ' '.repeat(m.length))
    .replace(ABOUT_STUDIES_OR_TIME, (m) => ' '.repeat(m.length))
    .replace(EITHER_ROLE, (m) => ' '.repeat(m.length));
  const at = cuesOf(text);
  const hits = new Set(at.keys());
  const value = modalityOf(text, hits);
  if (value === null) return { value, confidence: 0 };
  hits.delete('away');
  const onlyPlace = hits.size === 1 && hits.has('place');
  // "In person please, I can't manage the zoom": both named, but not as a choice. `either` read
  // only from that is a guess, asked rather than filled.
  if (value === 'either' && !hits.has('either') && !offered(text, at) && !BOTH_FINE.test(text)) {
    // "I'd rather meet in person, I am hopeless with video calls": one side preferred, the other
    // named as a complaint, is that side; the other said to be fine too is a choice ("online is
    // better, but in person is also OK").
    const preferred = preferredSide(text, at);
    return preferred ? { value: preferred, confidence: 0.7 } : { value, confidence: 0.45 };
  }
  return { value, confidence: onlyPlace ? 0.7 : 0.9 };
}

/** Where the first match of each cue starts and ends. */
function cuesOf(text: string): Map<Cue, [number, number]> {
  const hits = new Map<Cue, [number, number]>();
  let rest = text;
  for (const [re, value] of MODALITY_PATTERNS) {
    const m = re.exec(rest);
    if (!m) continue;
    hits.set(value, [m.index, m.index + m[0].length]);
    rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  return hits;
}

/**
 * A word of choice right between the two, at most three words before the second: "online or in
 * person", "in my office (room 3.14), or over Zoom", "in the CS lab or we can do teams"; not
 * "databases or computer architecture, online only" (a comma after it).
 */
const CHOICE = /(?:\b(?:or|either|ou|o|oder)\b|\/)(?:\s*[\w']+){0,3}\s*$/;

function offered(text: string, at: ReadonlyMap<Cue, [number, number]>): boolean {
  const spans = (cues: Cue[]) => cues.flatMap((c) => (at.has(c) ? [at.get(c)!] : []));
  return spans(['online', 'remote']).some((r) =>
    spans(['in_person', 'place']).some((p) =>
      CHOICE.test(r[0] < p[0] ? text.slice(r[1], p[0]) : text.slice(p[1], r[0])),
    ),
  );
}

/** A preference said right before or after a cue: "prefer face to face", "online only obviously". */
const PREFERRED_BEFORE =
  /\b(?:prefer(?:ably|red)?|rather|ideally|only|would like to|want to|best)\s+(?:[\w']+\s+){0,2}$/;
const PREFERRED_AFTER =
  /^\s*(?:\(|,)?\s*(?:please|pls|plz|only|obviously|ideally|preferred|preferably|is (?:better|best|preferred)|for sure)\b/;
const ALSO_FINE =
  /^[\s\w]{0,20}\b(?:(?:is|are) )?(?:also|too|oso) (?:ok|okay|fine|good|can)\b|^\s*(?:is |are )?(?:ok|okay|fine|good) too\b|^\s*(?:is|are|'s|works) (?:totally |perfectly |also )?(?:fine|ok|okay)\b/;

/** The other side conceded: "but if it must be online, …", "if we have to do it on Zoom". */
const IF_NEED_BE =
  /\bif (?:it|we|they|you|it really|we really) (?:must|has to|have to|needs? to|got to|gotta)(?: be| meet| do it| go)? $/;

function preferredSide(text: string, at: ReadonlyMap<Cue, [number, number]>): Modality | 'either' | null {
  const sides: Array<[Modality, Cue[]]> = [
    [at.has('remote') && !at.has('online') ? 'remote' : 'online', ['online', 'remote']],
    ['in_person', ['in_person', 'place']],
  ];
  const said = sides.map(([value, cues]) => {
    const spans = cues.flatMap((c) => (at.has(c) ? [at.get(c)!] : []));
    const preferred = spans.some(
      ([a, b]) =>
        PREFERRED_BEFORE.test(text.slice(Math.max(0, a - 40), a)) ||
        PREFERRED_AFTER.test(text.slice(b, b + 30)),
    );
    const alsoFine = spans.some(
      ([a, b]) =>
        ALSO_FINE.test(text.slice(b, b + 30)) || IF_NEED_BE.test(text.slice(Math.max(0, a - 40), a)),
    );
    // "I'd prefer that over online": the side after "over" is the one not preferred.
    const dispreferred = spans.some(([a]) =>
      /\b(?:over|rather than|instead of)\s+$/.test(text.slice(Math.max(0, a - 20), a)),
    );
    return { value, preferred: preferred && !dispreferred, alsoFine, dispreferred };
  });
  const [first, second] = said as [(typeof said)[0], (typeof said)[0]];
  if (first.alsoFine || second.alsoFine) return 'either';
  if (first.dispreferred !== second.dispreferred) return first.dispreferred ? second.value : first.value;
  if (first.preferred !== second.preferred) return first.preferred ? first.value : second.value;
  return null;
}

/** Both ways said to be fine: "Both online and offline ok", "online or in person both fine". */
const BOTH_FINE = /\bboth\b[^.!?\n]{0,40}?\b(?:ok|okay|fine|good|work|works|possible)\b/;

function modalityOf(text: string, cues: ReadonlySet<Cue>): Modality | null {
  const hits = new Set(cues);
  if (hits.has('place')) hits.add('in_person');
  // Away from campus counts only beside a word for meeting online or not in person.
  if (hits.has('away') && (hits.has('online') || hits.has('not-in-person'))) hits.add('remote');
  if (hits.has('hybrid')) return 'hybrid';
  if (hits.has('not-online')) return hits.has('in_person') || !hits.has('remote') ? 'in_person' : 'remote';
  if (hits.has('not-in-person')) return hits.has('remote') ? 'remote' : 'online';
  const online = hits.has('online');
  const inPerson = hits.has('in_person');
  const remote = hits.has('remote');
  if ((online || remote) && inPerson) {
    // "Both online and offline ok": both said to be fine is a choice, not a mix.
    if (BOTH_FINE.test(text)) return 'either';
    return /\bboth\b/.test(text) && !/\beither\b|\bor\b/.test(text) ? 'hybrid' : 'either';
  }
  if (hits.has('either') && !online && !inPerson && !remote) return 'either';
  // "I am in Moscow now so only online": away from campus, online is how.
  if (online && remote) return 'remote';
  if (online) return 'online';
  if (remote) return 'remote';
  if (inPerson) return 'in_person';
  return hits.has('either') ? 'either' : null;
}
