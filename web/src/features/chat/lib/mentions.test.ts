import { describe, expect, it } from 'vitest';
import { normalizeMessage } from '@studium/protocol';
import {
  adjustMentions,
  applyMention,
  findMentionTrigger,
  mentionsForSend,
  shouldSearchMentions,
} from './mentions';

describe('findMentionTrigger', () => {
  it('finds the handle before the caret', () => {
    expect(findMentionTrigger('hi @ma', 6)).toEqual({ start: 3, query: 'ma' });
    expect(findMentionTrigger('@', 1)).toEqual({ start: 0, query: '' });
    expect(findMentionTrigger('(@lea_2', 7)).toEqual({ start: 1, query: 'lea_2' });
  });
  it('ignores emails, spaces after the handle and long handles', () => {
    expect(findMentionTrigger('mail a@ma', 9)).toBeNull();
    expect(findMentionTrigger('@maya x', 7)).toBeNull();
    expect(findMentionTrigger(`@${'a'.repeat(31)}`, 32)).toBeNull();
    expect(findMentionTrigger(`@${'a'.repeat(30)}`, 31)?.query).toHaveLength(30);
  });
  it('searches from 2 characters', () => {
    expect(shouldSearchMentions(findMentionTrigger('@m', 2))).toBe(false);
    expect(shouldSearchMentions(findMentionTrigger('@ma', 3))).toBe(true);
  });
});

describe('applyMention and adjustMentions', () => {
  it('inserts the pick and tracks its range through edits', () => {
    const text = 'hey @ma';
    const trigger = findMentionTrigger(text, text.length)!;
    const applied = applyMention(text, trigger, text.length, 'maya');
    expect(applied.text).toBe('hey @maya ');
    expect(applied.mention).toEqual({ username: 'maya', start: 4, end: 9, display: 'maya' });
    expect(applied.caret).toBe(10);

    const typedAfter = `${applied.text}there`;
    expect(adjustMentions(applied.text, typedAfter, [applied.mention])).toEqual([applied.mention]);
    const typedBefore = `oh ${applied.text}`;
    expect(adjustMentions(applied.text, typedBefore, [applied.mention])).toEqual([
      { ...applied.mention, start: 7, end: 12 },
    ]);
    const broken = 'hey @may ';
    expect(adjustMentions(applied.text, broken, [applied.mention])).toEqual([]);
  });
});

describe('mentionsForSend', () => {
  it('relocates picked mentions in the trimmed text, only those picked', () => {
    const raw = '   hi @maya  \n  and @jonas and @lea';
    const picked = [
      { username: 'maya', start: 6, end: 11, display: 'maya' },
      { username: 'jonas', start: 20, end: 26, display: 'jonas' },
    ];
    const sent = normalizeMessage(raw);
    expect(sent).toBe('hi @maya\nand @jonas and @lea');
    expect(mentionsForSend(sent, picked)).toEqual([
      { username: 'maya', start: 3, end: 8, display: 'maya' },
      { username: 'jonas', start: 13, end: 19, display: 'jonas' },
    ]);
  });
});
