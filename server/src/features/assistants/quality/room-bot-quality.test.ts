import { describe, expect, test } from 'vitest';
import { answerInRoom } from '../engine/room-bot';
import {
  loadConversations,
  measureConversation,
  type ConversationReport,
  type Split,
} from './room-bot.measure';

/**
 * Per split (dev batches 3 to 13 apart, held-out batches 2, 3 and 4 apart): answered, declined and decisions carried, summed
 * over its conversations. A dev conversation without a batch is batch 0, a held-out one batch 1.
 */
function measureSplit(split: Split, batch?: number) {
  const first = split === 'dev' ? 0 : 1;
  const reports = loadConversations()
    .filter((c) => c.split === split && (split === 'test' || (c.batch ?? first) === (batch ?? first)))
    .map((c) => measureConversation(c, (request, messages) => answerInRoom(request, messages)));
  const sum = (key: keyof ConversationReport) => reports.reduce((n, r) => n + (r[key] as number), 0);
  return {
    reports,
    answered: `${sum('answered')}/${sum('questions')}`,
    declined: `${sum('declined')}/${sum('declines')}`,
    decisions: `${sum('decisionsCarried')}/${sum('decisions')}`,
    botRequestsCited: sum('botRequestsCited'),
    worstAnswered: Math.min(...reports.map((r) => r.answered / r.questions)),
  };
}

const ratio = (s: string) => {
  const [a, b] = s.split('/').map(Number);
  return a! / b!;
};

// The figures of docs/assistants.md ("The room bot, measured"): a drop below them fails. Every
// conversation must have at least `each` of its questions answered with the right message, and
// no summary may carry a request to the bot.
describe('room bot on planning conversations it was not written for', () => {
  test.each([
    ['dev', { answered: '79/80', declined: '15/16', decisions: '38/40', each: 0.9 }],
    ['dev batch 3', { answered: '30/30', declined: '6/6', decisions: '15/15', each: 1 }],
    ['dev batch 4', { answered: '18/20', declined: '4/4', decisions: '8/10', each: 0.8 }],
    ['test', { answered: '32/40', declined: '4/8', decisions: '14/20', each: 0.7 }],
    ['heldout', { answered: '23/40', declined: '5/8', decisions: '10/20', each: 0.5 }],
    ['dev batch 5', { answered: '20/20', declined: '3/4', decisions: '9/10', each: 1 }],
    ['dev batch 6', { answered: '19/20', declined: '4/4', decisions: '9/10', each: 0.9 }],
    ['dev batch 7', { answered: '19/20', declined: '4/4', decisions: '9/10', each: 0.9 }],
    ['dev batch 8', { answered: '17/20', declined: '3/4', decisions: '9/10', each: 0.8 }],
    ['heldout batch 2', { answered: '34/40', declined: '6/8', decisions: '14/20', each: 0.8 }],
    ['dev batch 9', { answered: '29/40', declined: '6/8', decisions: '11/20', each: 0.5 }],
    ['dev batch 10', { answered: '22/40', declined: '4/8', decisions: '11/20', each: 0.3 }],
    ['heldout batch 3', { answered: '21/40', declined: '6/8', decisions: '10/20', each: 0.4 }],
    ['dev batch 11', { answered: '28/40', declined: '7/8', decisions: '9/20', each: 0.5 }],
    ['dev batch 12', { answered: '24/40', declined: '5/8', decisions: '11/20', each: 0.5 }],
    ['dev batch 13', { answered: '28/40', declined: '6/8', decisions: '8/20', each: 0.6 }],
    ['heldout batch 4', { answered: '23/40', declined: '6/8', decisions: '10/20', each: 0.4 }],
  ] as const)(
    '%s split',
    (split, floor) => {
      const batch = /^(dev|heldout) batch (\d+)$/.exec(split);
      const measured = batch
        ? measureSplit(batch[1] as Split, Number(batch[2]))
        : measureSplit(split as Split);
      console.table(measured.reports.map(({ misses: _misses, ...r }) => r));
      // Only the dev split's misses are ever printed: the test and held-out splits are measured, never read.
      if (process.env.QUALITY_FAILURES === '1' && split.startsWith('dev'))
        for (const r of measured.reports) console.log(r.name, r.misses);
      expect(ratio(measured.answered)).toBeGreaterThanOrEqual(ratio(floor.answered));
      expect(ratio(measured.declined)).toBeGreaterThanOrEqual(ratio(floor.declined));
      expect(ratio(measured.decisions)).toBeGreaterThanOrEqual(ratio(floor.decisions));
      expect(measured.worstAnswered).toBeGreaterThanOrEqual(floor.each);
      expect(measured.botRequestsCited).toBe(0);
      // About a hundred questions, each reading its whole conversation: slow on a busy machine.
    },
    120_000,
  );
});
