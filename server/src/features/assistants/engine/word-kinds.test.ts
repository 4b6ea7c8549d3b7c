import { describe, expect, test } from 'vitest';
import { isThing, kindStep } from './word-kinds';

describe('kinds of things (word-kinds.json, from WordNet 3.1)', () => {
  test('a thing is its kinds, a few steps up', () => {
    expect(kindStep('container', 'bin')).toBe(1);
    expect(kindStep('footwear', 'wellington')).toBe(2);
    expect(kindStep('food', 'lasagne')).not.toBeNull();
  });

  test('a plural the tokenizer left is read as its singular', () => {
    expect(kindStep('footwear', 'wellingtons')).toBe(2);
  });

  test('a word names its own senses, not the rare ones of another domain', () => {
    // "mark" asks for a grade: the mark an arrow is does not answer it.
    expect(kindStep('mark', 'arrow')).toBeNull();
    expect(kindStep('food', 'boot')).toBeNull();
    expect(isThing('lasagne')).toBe(true);
    expect(isThing('anki')).toBe(false);
  });
});
