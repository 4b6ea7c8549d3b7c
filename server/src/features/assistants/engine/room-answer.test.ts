import { describe, expect, test } from 'vitest';
import { answerInRoom } from './room-bot';
import type { ReadableMessage } from './types';

const conversation = (lines: Array<[string, string]>): ReadableMessage[] =>
  lines.map(([username, content], i) => ({
    id: i + 1,
    username,
    content,
    created_at: new Date(Date.UTC(2025, 3, 1, 9, i)).toISOString(),
  }));

const PLANNING = conversation([
  ['noor', 'we need to plan the poster before the deadline'],
  ['felix', "let's meet Tuesday at 4pm in the student union"],
  ['carmen', 'tuesday i have a tutorial till 6 so i cannot'],
  ['felix', 'actually Wednesday works better, same time, same place'],
  ['noor', 'wed works'],
  ['carmen', '@studybot when do we meet?'],
  ['noor', "I'll print the poster, it is due 25 april"],
  ['felix', 'the TA said A1 size'],
]);

describe('room bot answers', () => {
  test('a proposal that was replaced answers nothing: its latest version does', () => {
    const r = answerInRoom('@studybot when do we meet?', PLANNING);
    expect(r.cited).toContain(4);
    expect(r.cited).not.toContain(2);
  });

  test('a new time replaces the time and keeps the place', () => {
    const msgs = conversation([
      ['ana', 'study session monday 6pm in room B12, ok?'],
      ['ben', 'ok B12 monday'],
      ['ana', 'update: moved to thursday, same time'],
    ]);
    expect(answerInRoom('when is the study session?', msgs).cited).toContain(3);
    // The place was never changed: the message that said it still answers where.
    expect(answerInRoom('where is the study session?', msgs).cited).toContain(2);
  });

  test('"who" is answered by a person, else declined', () => {
    expect(answerInRoom('who prints the poster?', PLANNING).cited).toContain(7);
    // Nobody says who the TA is: the message that mentions the TA does not answer it.
    expect(answerInRoom('who is the TA?', PLANNING).skill).toBe('cannot');
  });

  test('requests to the bot are neither answers nor lines of a summary', () => {
    const summary = answerInRoom('@studybot summarise', PLANNING);
    expect(summary.skill).toBe('summary');
    expect(summary.cited).not.toContain(6);
    expect(summary.cited).toContain(4);
    expect(summary.cited).not.toContain(2);
    expect(answerInRoom('when do we meet?', PLANNING).cited).not.toContain(6);
  });
});
