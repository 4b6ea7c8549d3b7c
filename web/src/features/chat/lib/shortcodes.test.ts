import { describe, expect, it } from 'vitest';
import { EMOJI_SHORTCODES, searchShortcodes } from '../../../lib/emoji-shortcodes';
import { findCompletedShortcode, findShortcodeTrigger, replaceRange } from './shortcodes';

describe('shortcodes in the composer', () => {
  it('knows the full set: :tada:, :+1:, :thumbsup:', () => {
    expect(EMOJI_SHORTCODES.tada).toBe('🎉');
    expect(EMOJI_SHORTCODES['+1']).toBe('👍');
    expect(EMOJI_SHORTCODES.thumbsup).toBe('👍');
    expect(Object.keys(EMOJI_SHORTCODES).length).toBeGreaterThan(1500);
  });

  it('suggests names that start with the typed text first', () => {
    const found = searchShortcodes('ta');
    expect(found[0]).toEqual({ name: 'taco', emoji: '🌮' });
    expect(found.map((m) => m.name)).toContain('tada');
    expect(found.length).toBeLessThanOrEqual(6);
    expect(searchShortcodes('thumbsu').map((m) => m.name)).toEqual(['thumbsup']);
  });

  it.each([
    [':ta', { start: 0, query: 'ta' }],
    ['hi :ta', { start: 3, query: 'ta' }],
    ['(:+1', { start: 1, query: '+1' }],
    [':t', null],
    ['10:30', null],
    ['http://ex', null],
    ['a::ta', null],
    ['`code :ta', null],
    ['`code` :ta', { start: 7, query: 'ta' }],
  ])('finds the shortcode typed in %j', (text, trigger) => {
    expect(findShortcodeTrigger(text, text.length)).toEqual(trigger);
  });

  it('turns a completed known :code: into its emoji, nothing else', () => {
    expect(findCompletedShortcode('party :tada:', 12, EMOJI_SHORTCODES)).toEqual({ start: 6, emoji: '🎉' });
    expect(findCompletedShortcode(':+1:', 4, EMOJI_SHORTCODES)).toEqual({ start: 0, emoji: '👍' });
    expect(findCompletedShortcode(':nope_not_one:', 14, EMOJI_SHORTCODES)).toBeNull();
    expect(findCompletedShortcode('at 10:30:', 9, EMOJI_SHORTCODES)).toBeNull();
    expect(findCompletedShortcode('`:tada:', 7, EMOJI_SHORTCODES)).toBeNull();
    expect(findCompletedShortcode(':constructor:', 13, EMOJI_SHORTCODES)).toBeNull();
  });

  it('replaces a range and puts the caret after the insert', () => {
    expect(replaceRange('go :ta now', 3, 6, '🎉')).toEqual({ text: 'go 🎉 now', caret: 5 });
  });
});
