import { fold } from './text';
import type { ReadableMessage } from './types';

/**
 * The words of planning in a chat: dates and times, places, numbers, someone taking a part,
 * conclusions, changes, agreements, and what makes a message a question. Read by the decisions
 * (decisions.ts) and by the room bot's answers. docs/assistants.md ("The room bot").
 */

export const DAY =
  /\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?s?\b|\b(?:today|tonight|tomorrow|weekend)\b|\b(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\b/;
export const MONTH =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:uary|ruary|ch|il|e|y|ust|tember|ober|ember)?\b/;
export const TIME =
  /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|h)\b|\b\d{1,2}:\d{2}\b|\b(?:noon|midnight|midday)\b|\b\d{1,2}h\d{0,2}\b|\b(?:at|till|til|until|from|by|around|do|say)\s+(?:[1-9]|1[0-2])(?:ish)?\b(?![.,:]?\d|\s*(?:%|min|mins|minutes|hours?|pages?|words?|people|of|or more|x\b|times))|\b(?:morning|afternoon|evening|lunchtime)\b|\b(?:half past |half )?(?:[1-9]|1[0-2])\s*baje\b|\bhalf (?:past )?(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/;
/**
 * Hours from one to the other ("9-12", "12-3", "11 to 2"), not chapters, pages or questions
 * ("ch 1-6", "q 3-5", "5-7 min").
 */
const HOUR_RANGE =
  /(?<!\b(?:ch|chapters?|chs|pages?|pp|p|q|qs|questions?|exercises?|problems?|ex|slides?|sections?|units?|weeks?|lectures?|sets?|no)\.?\s*)\b(?:[1-9]|1[0-2])(?::[0-5]\d)?\s*(?:-|–|to)\s*(?:[1-9]|1[0-2])(?::[0-5]\d)?\b(?![.,:]?\d|\s*(?:%|min|mins|minutes|hours?|pages?|words?|people|slides?|points?|marks?))/;
// "14/3", "3.4."; not a range ("ch 1-6"), a decimal ("0.1 M", "9.81") nor a room ("2.14").
const ORDINAL_DATE =
  /\b(?:the )?\d{1,2}(?:st|nd|rd|th)\b|(?<![\d.])\b(?:[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])(?:[./]\d{2,4})?\b(?![.,]\d)/;
const PLACE =
  /\b(?:room|library|building|hall|cafe|cafeteria|canteen|lab|lounge|office|campus|zoom|discord|teams|meet|online|call|auditorium|classroom|dorm|floor|place|at mine|repo|drive|folder|moodle|github|gradescope|turnitin|website|quad|makerspace|workshop|shop|centre|center|field|flat|apartment|house|desk|foyer|lobby)\b(?!\s+(?:computers?|reports?|partners?|coats?|manuals?|notebooks?|cards?|results?|data|books?|fees?|sheets?|work)\b)|\b[a-z]\d{2,3}\b|\b\d\.\d{2}\b/;
/** A question that asks where: its reply names a place, whatever the place's word. */
const ASKS_WHERE = /\b(?:where|wher|whr)\b/;
const QUANTITY =
  /\b\d+(?:[.,]\d+)?\s*(?:min|mins|minutes|hours?|h|pages?|words?|slides?|euros?|eur|dollars?|usd|%|percent|people|per team|m|mm|cm|mol|sheets?|copies|items?|pieces?)\b|\b\d+\s+(?!(?:is|was|has|does|this|its|thus|plus|minus|us|yes|pls|less|unless)\b)[a-z]{2,}[^s\W]s\b|[€$£]\s?\d+|\b(?:max|min|maximum|minimum|at most|at least|up to)\s+\d+/;
const ASSIGNMENT =
  /\b(?:i'?ll|ill|i will|i'?m (?:on|doing|taking)|i do|i take|i got|i'?ve got|i can do|i can take|i handle|i'?m handling|is mine|are mine|i upload|i print|i register|i bring|i write|i read|i make|i send|i (?:already )?(?:made|did|wrote|booked|printed|sent|bought|uploaded|registered|created|set up)\b(?! (?:a )?(?:mistake|typo|error)))\b|\b(?!(?:it|that|this|which|what|who|there|everyone|nobody|one)\b)[a-z]+ (?:uploads|prints|registers|brings|writes|does|handles|presents|reads|takes|makes|sends|buys|books|pays|drives|collects|picks up|edits)\b|\bi can (?!not\b|n't|'t)(?!(?:only|also|just|be|make it|come|stay|join|meet|see|do (?:mon|tue|wed|thu|fri|sat|sun|any|after|before|\d))\b)[a-z]{3,}\b|\bi'?ll do\b|^(?:that'?s|thats|it'?s|its) (?:mine|on me)\b|\bon me[\s.!]*$|\bi(?:'ll| will| can|'m gonna| am going to) be (?:the|our|your)\b|\b(?:u|you) (?:do|take|handle|bring|write|make|print|book|buy|present)\b|^(?:me|i do|i will|i can)\s*[,.!:]?\s*(?:$|i\b)/;
/**
 * A slot claimed in a few words ("9-12 for me", "habitat map for me then, I'm decent at QGIS"), not
 * "works for me".
 */
const MINE =
  /^(?!.*\b(?:works?|fine|good|ok|okay|great|perfect|best|better|easier|bad|late|early|soon|same|tough|hard|too)\s+for me\b)\S+(?:\s+\S+){0,3}\s+for me(?:\s+then)?\s*(?:[.!]*$|[,;.!]\s)/;
export const CONCLUSION =
  /\b[a-z0-9]+ it is(?= *(?:[!.,]|\p{Extended_Pictographic}|$))|\b(?:it is then|it's then|then it is|decided|we go with|let'?s go with|let'?s do|agreed|final|confirmed|registered|booked|settled|deal)\b|\bthen\s*[.!]?\s*$|✅/u;
/** A conclusion in words (not a bare ✅): it states what was chosen, so it is never a mere echo. */
export const CONCLUDED =
  /\b[a-z0-9]+ it is(?= *(?:[!.,]|\p{Extended_Pictographic}|$))|\b(?:it is then|it's then|then it is|decided|we go with|let'?s go with|agreed|settled|registered|confirmed)\b/u;
/** A message that starts by taking a task ("I'll send…", "ok I do…"). */
const TASK_FIRST =
  /^(?:(?:ok|okay|yes|yep|yeah|ya|sure|and|also)\b[ ,.!]*)?(?:i'?ll|ill|i will|i can|i do|i take|i'?m doing)\b/;
/** Someone saying when they are free ("me, after 4 every day except friday", "i'm around tue and wed"): no plan. */
export const AVAILABILITY =
  /^(?:me|me too|me 2|same)\b[ ,]*(?:but |only |after |before |except |\d)|\bi'?m (?:free|around|available|busy|off)\b|\b(?:but only|except)\b|\b(?:are|is) free for (?:most|all|some|me|us|everyone)\b/;
/** A message that takes a part first ("I'll send the link Monday", "9-12 for me"): a task, whatever its time. */
export const takesTask = (text: string) => TASK_FIRST.test(text) || MINE.test(text.trim());
/** Someone saying they cannot ("thursday i have a quiz so i'd rather not"): no decision. */
export const REFUSAL =
  /\b(?:i'?d rather not|can'?t make it|i can'?t|cant do|won'?t work|doesn'?t work for me|not possible for me|i (?:do not|don'?t) want)\b|^(?:not|no|cant|can'?t) (?:mon|tue|wed|thu|fri|sat|sun|tomorrow|tonight|today)/;
/** "by the 30th", "no later than friday": a deadline's time, not a meeting's. */
const BY_TIME =
  /\b(?:by|no later than)\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)\b|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)|(?:end of|next)\b)/;
/**
 * What a time or place can be for besides the group's own meeting: a time or place said with none
 * of these words is the meeting's ("update moved to thurs 7" moves the study session).
 */
const EVENT =
  /\b(?:exam|exams|midterm|final|finals|quiz|test|due|deadline|presentation|present|presents|hackathon|trip|submission|submit|submitted|hand in|report|essay|draft|drafts|poster|office hours|signup|closes|opens|starts|ends|review|crit|shift|shifts|open day|round|performance|concert|recital|gig|fair|competition|tournament|match|game|conference)\b/;
/** "the moot is on 9 April", "review is monday": the time of the thing the sentence names. */
export const THING_IS_ON =
  /\b(?!(?:meet\w*|session|sesh|call|study|group|plan|it|this|that|which|what|there|here|who|when|where)\b)[a-z][a-z0-9-]+\s+(?:is|are|will be)\s+(?:on|next|this)\s+(?:mon|tue|wed|thu|fri|sat|sun|the\s+\d|\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b(?:the|our|my|your|their)\s+(?!(?:meet\w*|session|sesh|call|study|group|plan)\b)[a-z]+(?:\s+(?!(?:is|are)\b)[a-z0-9-]+){0,3}\s+(?:is|are|was|will be)\s+(?:on|at|due|from|this|next)\b/;
/** A sentence that tells someone to do something ("collect them from the office thurs"): a task's time. */
const INSTRUCTION =
  /(?:^|[.!]\s+)(?:pls |please )?(?:collect|bring|send|upload|tell|email|submit|print|buy|book|pick|drop|post|fill|return|sign)\b/;
const MEET_WORD = /\b(?:meet\w*|session|sesh|call|catch ?up|get together|hang ?out|study)\b/;
/** Words of a question that are not what it is about: "when is it exactly?" asks about nothing named. */
const QUESTION_FILLER = new Set(
  (
    'when where what which who how is are was were do does did we you it they the a an on at in of for ' +
    'then though exactly again time day date place r u ur we re so ok okay btw wait and or this that next ' +
    'could can should shall would will be there any anyone work works suit suits fine good better ' +
    'instead rather everyone everybody all free available about still earlier later too early late ' +
    "ready lol haha hmm hey guys pls please maybe instead else cant can't cannot not dont don't won't " +
    'tho also but'
  ).split(' '),
);
/**
 * The question asks about a thing that is not the group's meeting ("when is the review exactly?",
 * "is there lunch"); "could we do 7?" and "wednesday?" ask about the meeting.
 */
function asksAboutOtherThing(asked: string): boolean {
  if (!asked || MEET_WORD.test(asked)) return false;
  // The clause that asks: "tuesday i have lab until 4 :( wednesday?" asks about wednesday.
  const question = asked.split(/(?<=[.!,;])\s+|\s*[:;]-?[()]\s*/).find((part) => part.includes('?')) ?? asked;
  const words = question
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.some(
    (w) =>
      w.length >= 3 &&
      !QUESTION_FILLER.has(w) &&
      !DAY.test(w) &&
      !MONTH.test(w) &&
      !TIME.test(w) &&
      !PLACE.test(w) &&
      !/\d/.test(w),
  );
}
export const REQUIREMENT =
  /\b(?:rules?|syllabus|rubric|handbook|spec|brief|prof|professor|tutor|lecturer) (?:says?|said)\b|\b(?:must|have to|has to|required|mandatory|only|due|deadline|said to|the rubric says|no \w+, just|not allowed)\b/;
/** A reply that starts by agreeing and then says the plan: "fine, python backend then". */
export const AGREED_PLAN = /^(?:ok|okay|fine|alright|right|so|then|yes|yep|sure)\b[,!. ]+\S+(?:\s+\S+){3,}/;
export const AGREEMENT =
  /^(?:ok|okay|k|kk|yes|yep|yeah|ye|ya|yup|sure|fine|cool|great|perfect|love it|sounds good|works|deal|agreed|\+1|👍|✅|haha yes|count me in|i'?m in|in(?=\s*(?:[!.,]|👍)|\s*$)|noted|got it|gotcha|bet\b|d'accord|vale\b|dale\b)/;
export const CHANGE =
  /\b(?:update|change|changed|instead|moved|move it|reschedul\w*|not anymore|cancel\w*|new plan|actually)\b/;
/** A short message that ends agreeing ("wednesday 6 is good", "thursday 6 in the suite, got it"). */
export const ECHO_END = /(?:\b(?:is good|works|is fine|ok|okay|perfect|got it|noted)|👍|✅)[\s!.]*$/u;
export const ECHO_START =
  /^(?:ok|okay|k|np|yes|yep|yeah|sure|fine|cool|great|perfect|works|deal|sounds good|count me in|noted|got it|gotcha|bet|d'accord|vale|dale|👍|✅)\b/;

const QUESTION_START =
  /^(?:what|whats|what's|wat|wats|wut|wot|when|wen|whn|where|wher|whr|wheres|who|whos|whom|whose|which|why|how|hw|is|are|was|were|do|does|did|can|could|should|shall|will|would|has|have|any ?one|any ?body|any idea)\b/;

/**
 * A question anywhere in a message: a '?' (mid-message too), a question word first, "does anyone
 * know…", a tag at the end ("… the linked list one right").
 */
export function isQuestion(content: string): boolean {
  const text = fold(content).replace(/[’']/g, "'").trim();
  if (text.includes('?')) return true;
  if (
    /\b(?:does|do) (?:any ?one|any ?body|you|someone|somebody) know\b|\bany idea\b|\b(?:need|needs|looking for) (?:some ?one|some ?body|any ?one|a volunteer|volunteers|a person|people)\b|\bany (?:volunteers|takers)\b|\bwondering (?:if|whether|when|where)\b|,? (?:right|yeah|no|correct)\s*$/.test(
      text,
    )
  )
    return true;
  // A sentence that starts with a question word asks; after a comma only "what", "how" or an
  // inverted verb does ("…, what name", "…, is it online"): "…, which seems harsh" and "…, Will
  // reads mine" are statements.
  const strip = (part: string) =>
    part.replace(
      /^(?:(?:also|and|so|btw|hey|ok|okay|um+|omg|wait|oh|hm+|lol|guys|sorry|quick q\w*)\b[ ,:]*)+/,
      '',
    );
  return text.split(/(?<=[.!])\s+|\n+/).some((sentence) => {
    const [first, ...rest] = sentence.split(/(?<=,)\s+/);
    return (
      QUESTION_START.test(strip(first!)) ||
      rest.some((part) => INVERTED.test(strip(part))) ||
      // Terse chats ask with the question word last: "insta post when", "donations drop off where".
      [first!, ...rest].some((part) => WH_LAST.test(part))
    );
  });
}

/** A clause of a few words that ends with its question word ("donations drop off where, need to know"). */
const WH_LAST =
  /^(?!.*\b(?:that'?s|thats|is|was|know|idk|see|matter|wonder)\s+(?:when|where|who)\b)\S+(?:\s+\S+){1,5}\s+(?:when|where|wen|wher|who)\s*[,.!]*$/;

const INVERTED =
  /^(?:what|how)\b|^(?:is|are|was|were|do|does|did|can|could|should|shall|will|would|has|have) (?:i|we|you|they|it|he|she|there|anyone|someone|everyone)\b/;

/** The question a message replies to: one of the two before it, by someone else ('' if none). */
export function askedBefore(messages: ReadableMessage[], index: number): string {
  const author = messages[index]!.username;
  for (const m of messages.slice(Math.max(0, index - 2), index).reverse())
    if (m.username !== author && isQuestion(m.content)) return m.content;
  return '';
}

/** What a message says of a plan: a date or time, a place, an agreed number, someone taking a part. */
export interface PlanFeatures {
  when: boolean;
  where: boolean;
  quantity: boolean;
  assignment: boolean;
  /** A time (and place) said for no other event than the group's meeting. */
  meeting: boolean;
}

/**
 * `asked`: the question the message replies to, if any: "21st, 9am, big lecture hall A" after
 * "is the midterm on the 21st" is the midterm's time, not a meeting's.
 */
export function planFeatures(content: string, asked = ''): PlanFeatures {
  const text = fold(content.slice(0, 2000)).replace(/[’']/g, "'");
  const context = fold(asked.slice(0, 1000));
  const changes = CHANGE.test(text);
  const when =
    DAY.test(text) || MONTH.test(text) || TIME.test(text) || ORDINAL_DATE.test(text) || HOUR_RANGE.test(text);
  // A reply to "where …?" names a place, in words no list holds ("copy center then").
  const where = PLACE.test(text) || (ASKS_WHERE.test(context) && !isQuestion(text));
  return {
    when,
    where,
    quantity: QUANTITY.test(text),
    assignment: ASSIGNMENT.test(text) || MINE.test(text.trim()),
    // "I'll send the zoom link on Monday morning": the time of a task, not of a meeting.
    // (A place alone is not a meeting's: "an app that finds study rooms on campus".)
    meeting:
      when &&
      !EVENT.test(text) &&
      !BY_TIME.test(text) &&
      // A change ("moving it to thursday same time … instead") restates the plan; it answers no question.
      (changes || !EVENT.test(context)) &&
      !TASK_FIRST.test(text) &&
      (MEET_WORD.test(text) ||
        (!THING_IS_ON.test(text) && !INSTRUCTION.test(text) && (changes || !asksAboutOtherThing(context)))),
  };
}
