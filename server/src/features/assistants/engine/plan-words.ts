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
  /\b\d{1,2}(?::\d{2})?\s*(?:am|pm|h)\b|\b\d{1,2}:\d{2}\b|\b(?:noon|midnight|midday)\b|\b\d{1,2}h\d{0,2}\b/;
// "14/3", "3.4."; not a range ("ch 1-6"), a decimal ("0.1 M", "9.81") nor a room ("2.14").
const ORDINAL_DATE =
  /\b(?:the )?\d{1,2}(?:st|nd|rd|th)\b|(?<![\d.])\b(?:[1-9]|[12]\d|3[01])[./](?:0?[1-9]|1[0-2])(?:[./]\d{2,4})?\b(?![.,]\d)/;
const PLACE =
  /\b(?:room|library|building|hall|cafe|cafeteria|canteen|lab|lounge|office|campus|zoom|discord|teams|meet|online|call|auditorium|classroom|dorm|floor|place|at mine|repo|drive|folder|moodle|github|gradescope|turnitin|website)\b|\b[a-z]\d{2,3}\b|\b\d\.\d{2}\b/;
const QUANTITY =
  /\b\d+(?:[.,]\d+)?\s*(?:min|mins|minutes|hours?|h|pages?|words?|slides?|euros?|eur|dollars?|usd|%|percent|people|per team|m|mol)\b|[€$£]\s?\d+|\b(?:max|min|maximum|minimum|at most|at least|up to)\s+\d+/;
const ASSIGNMENT =
  /\b(?:i'?ll|ill|i will|i'?m (?:on|doing|taking)|i do|i take|i got|i'?ve got|i can do|i can take|i handle|i'?m handling|is mine|are mine|i upload|i print|i register|i bring|i write|i read|i make|i send)\b|\b(?:[a-z]+) (?:uploads|prints|registers|brings|writes|does|handles|presents|reads|takes|makes|sends)\b/;
export const CONCLUSION =
  /\b(?:it is then|it's then|then it is|decided|we go with|let'?s go with|let'?s do|agreed|final|confirmed|registered|booked|settled|deal)\b|\bthen\s*[.!]?\s*$|✅/;
/** A conclusion in words (not a bare ✅): it states what was chosen, so it is never a mere echo. */
export const CONCLUDED =
  /\b(?:it is then|it's then|then it is|decided|we go with|let'?s go with|agreed|settled|registered|confirmed)\b/;
/** A message that starts by taking a task ("I'll send…", "ok I do…"). */
const TASK_FIRST =
  /^(?:(?:ok|okay|yes|sure|and|also)\b[ ,]*)?(?:i'?ll|ill|i will|i can|i do|i take|i'?m doing)\b/;
/** Someone saying they cannot ("thursday i have a quiz so i'd rather not"): no decision. */
export const REFUSAL =
  /\b(?:i'?d rather not|can'?t make it|i can'?t|cant do|won'?t work|doesn'?t work for me|not possible for me)\b/;
/**
 * What a time or place can be for besides the group's own meeting: a time or place said with none
 * of these words is the meeting's ("update moved to thurs 7" moves the study session).
 */
const EVENT =
  /\b(?:exam|exams|midterm|final|finals|quiz|test|due|deadline|presentation|present|presents|hackathon|trip|submission|submit|hand in|report|essay|draft|drafts|poster|office hours|signup|closes|opens|starts|ends)\b/;
export const REQUIREMENT =
  /\b(?:must|have to|has to|required|mandatory|only|due|deadline|said to|the rubric says|no \w+, just|not allowed)\b/;
/** A reply that starts by agreeing and then says the plan: "fine, python backend then". */
export const AGREED_PLAN = /^(?:ok|okay|fine|alright|right|so|then|yes|yep|sure)\b[,!. ]+\S+(?:\s+\S+){3,}/;
export const AGREEMENT =
  /^(?:ok|okay|yes|yep|yeah|sure|fine|cool|great|perfect|love it|sounds good|works|deal|agreed|\+1|👍|✅|haha yes|count me in|i'?m in|in\b)/;
export const CHANGE =
  /\b(?:update|change|changed|instead|moved|move it|reschedul\w*|not anymore|cancel\w*|new plan|actually)\b/;
export const ECHO_START =
  /^(?:ok|okay|k|np|yes|yep|yeah|sure|fine|cool|great|perfect|works|deal|sounds good|count me in|👍|✅)\b/;

const QUESTION_START =
  /^(?:what|whats|what's|when|where|who|whom|whose|which|why|how|is|are|was|were|do|does|did|can|could|should|shall|will|would|has|have|any ?one|any ?body|any idea)\b/;

/**
 * A question anywhere in a message: a '?' (mid-message too), a question word first, "does anyone
 * know…", a tag at the end ("… the linked list one right").
 */
export function isQuestion(content: string): boolean {
  const text = fold(content).replace(/[’']/g, "'").trim();
  if (text.includes('?')) return true;
  if (
    /\b(?:does|do) (?:any ?one|any ?body|you|someone|somebody) know\b|\bany idea\b|\bwondering (?:if|whether|when|where)\b|,? (?:right|yeah|no|correct)\s*$/.test(
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
    return QUESTION_START.test(strip(first!)) || rest.some((part) => INVERTED.test(strip(part)));
  });
}

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
  const when = DAY.test(text) || MONTH.test(text) || TIME.test(text) || ORDINAL_DATE.test(text);
  const where = PLACE.test(text);
  return {
    when,
    where,
    quantity: QUANTITY.test(text),
    assignment: ASSIGNMENT.test(text),
    // "I'll send the zoom link on Monday morning": the time of a task, not of a meeting.
    // (A place alone is not a meeting's: "an app that finds study rooms on campus".)
    meeting: when && !EVENT.test(text) && !EVENT.test(context) && !TASK_FIRST.test(text),
  };
}
