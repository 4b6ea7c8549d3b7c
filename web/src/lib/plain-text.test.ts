import { describe, expect, it } from 'vitest';
import { plainTextPreview } from './plain-text';

describe('plainTextPreview', () => {
  it('drops markdown marks and keeps the words', () => {
    expect(plainTextPreview('**bold** and _it_ with `code`')).toBe('bold and it with code');
    expect(plainTextPreview('see [the notes](https://example.com/x) ~~old~~')).toBe('see the notes old');
    expect(plainTextPreview('# Title\n\n- one\n- two\n\n```\nlet x = 1;\n```')).toBe(
      'Title one two let x = 1;',
    );
  });

  it('leaves plain text as it is', () => {
    expect(plainTextPreview('how do I compute 3 * 4?')).toBe('how do I compute 3 * 4?');
    expect(plainTextPreview('')).toBe('');
  });
});
