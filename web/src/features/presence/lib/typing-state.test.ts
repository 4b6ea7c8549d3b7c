import { describe, expect, it } from 'vitest';
import { PRESENCE_LIMITS, typingText } from '@studium/protocol';
import { clearTyping, expireTyping, nextExpiryIn, noteTyping, shouldSendTyping } from './typing-state';

describe('typing state', () => {
  it('keeps typists in the order they started, and expires each after the expiry', () => {
    let state = noteTyping(new Map(), 'ana', 0);
    state = noteTyping(state, 'bob', 1000);
    state = noteTyping(state, 'ana', 2000);
    expect([...state.keys()]).toEqual(['ana', 'bob']);
    expect(nextExpiryIn(state, 2000)).toBe(PRESENCE_LIMITS.typingExpiryMs - 1000);
    expect([...expireTyping(state, 1000 + PRESENCE_LIMITS.typingExpiryMs).keys()]).toEqual(['ana']);
    expect(expireTyping(state, 2500)).toBe(state);
  });

  it('clears a typist when their message arrives', () => {
    const state = noteTyping(noteTyping(new Map(), 'ana', 0), 'bob', 0);
    expect([...clearTyping(state, 'ana').keys()]).toEqual(['bob']);
    expect(nextExpiryIn(clearTyping(clearTyping(state, 'ana'), 'bob'), 0)).toBeNull();
  });

  it('sends typing at most once per interval', () => {
    expect(shouldSendTyping(null, 0)).toBe(true);
    expect(shouldSendTyping(0, PRESENCE_LIMITS.typingIntervalMs - 1)).toBe(false);
    expect(shouldSendTyping(0, PRESENCE_LIMITS.typingIntervalMs)).toBe(true);
  });

  it('words the indicator for one, two and several typists', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['ana'])).toBe('ana is typing…');
    expect(typingText(['ana', 'bob'])).toBe('ana and bob are typing…');
    expect(typingText(['ana', 'bob', 'cy'])).toBe('Several people are typing…');
  });
});
