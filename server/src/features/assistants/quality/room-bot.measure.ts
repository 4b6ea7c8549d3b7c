import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadableMessage, RoomBotReply } from '../engine/types';

/** 'heldout': written before a round of tuning (the third, then the fourth), measured, never read (docs/assistants.md). */
export type Split = 'dev' | 'test' | 'heldout';

/** The room bot's quality set (room-bot-conversations.json): planning conversations in several voices. */
interface Conversation {
  name: string;
  split: Split;
  /**
   * Test conversations: 1 written after the first tuning, 2 written before the second; dev: 3 and 4 written in
   * the third round and 5 to 8 in the fourth to find kinds of failure; held-out: none is the first batch, 2 written before the fourth
   * round (docs/assistants.md).
   */
  batch?: number;
  messages: Array<{ username: string; content: string }>;
  questions: Array<{ q: string; answers: number[] }>;
  declines: string[];
  decisions: Array<{ about: string; latest: number; superseded: number[] }>;
}

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'room-bot-conversations.json');

export function loadConversations(): Conversation[] {
  return (JSON.parse(fs.readFileSync(FILE, 'utf8')) as { conversations: Conversation[] }).conversations;
}

/** A conversation's messages as the bot is given them: ids from 1000, a minute apart. */
export function asMessages(c: Conversation): ReadableMessage[] {
  return c.messages.map((m, i) => ({
    id: 1000 + i,
    username: m.username,
    content: m.content,
    created_at: new Date(Date.UTC(2025, 2, 3, 9, i)).toISOString(),
  }));
}

export interface ConversationReport {
  name: string;
  split: Split;
  answered: number;
  questions: number;
  declined: number;
  declines: number;
  decisionsCarried: number;
  decisions: number;
  /** Requests to the bot in the conversation, and how many of them the summary cited (must be 0). */
  botRequests: number;
  botRequestsCited: number;
  misses: string[];
}

/**
 * A question is answered right when the bot quotes a message that answers it and at most four
 * messages in all (an answer is shown with the question it replies to); a decline is right when the bot says it cannot answer; a decision is carried
 * when the summary cites its latest version and none of the versions it replaced; a request to the
 * bot ("@studybot …") is never a line of the summary.
 */
export function measureConversation(
  c: Conversation,
  ask: (request: string, messages: ReadableMessage[]) => RoomBotReply,
): ConversationReport {
  const messages = asMessages(c);
  const idOf = (i: number) => 1000 + i;
  const misses: string[] = [];
  let answered = 0;
  for (const { q, answers } of c.questions) {
    const reply = ask(`@studybot ${q}`, messages);
    const right = reply.cited.some((id) => answers.map(idOf).includes(id)) && reply.cited.length <= 4;
    if (right) answered++;
    else misses.push(`answer "${q}": cited ${reply.cited.map((id) => id - 1000).join(',') || '-'}`);
  }
  let declined = 0;
  for (const q of c.declines) {
    const reply = ask(`@studybot ${q}`, messages);
    if (reply.skill === 'cannot') declined++;
    else misses.push(`decline "${q}": cited ${reply.cited.map((id) => id - 1000).join(',')}`);
  }
  const summary = ask('@studybot summarise', messages);
  let decisionsCarried = 0;
  for (const d of c.decisions) {
    const carried =
      summary.cited.includes(idOf(d.latest)) && !d.superseded.some((s) => summary.cited.includes(idOf(s)));
    if (carried) decisionsCarried++;
    else misses.push(`decision ${d.about}: summary cited ${summary.cited.map((id) => id - 1000).join(',')}`);
  }
  const requests = messages.filter((m) => /@studybot\b/i.test(m.content)).map((m) => m.id);
  const botRequestsCited = requests.filter((id) => summary.cited.includes(id)).length;
  if (botRequestsCited > 0) misses.push(`summary cited ${botRequestsCited} request(s) to the bot`);
  return {
    name: c.name,
    split: c.split,
    answered,
    questions: c.questions.length,
    declined,
    declines: c.declines.length,
    decisionsCarried,
    decisions: c.decisions.length,
    botRequests: requests.length,
    botRequestsCited,
    misses,
  };
}
