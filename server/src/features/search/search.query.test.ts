import { describe, expect, it } from 'vitest';
import { SEARCH_TEXTS } from '@studium/protocol';
import { fts5Match, highlightRanges, parseSearch, questionTerms, tsQueryText } from './search.query';
import { rankWindow } from './search.rank';
import { PG_ACCENTS_FROM, PG_ACCENTS_TO } from './accents';

const e = SEARCH_TEXTS.errors;

describe('the search syntax', () => {
  it('reads words, phrases, prefixes and filters (values may be quoted)', () => {
    const parsed = parseSearch(
      'Eigen "linear map" vec* from:@Alice in:"Linear Algebra" after:2025-01-31 before:2025-03-01',
    );
    expect(parsed.terms).toEqual([
      { kind: 'word', raw: 'Eigen', norm: 'eigen', prefix: false },
      { kind: 'phrase', raw: ['linear', 'map'], norm: ['linear', 'map'] },
      { kind: 'word', raw: 'vec', norm: 'vec', prefix: true },
    ]);
    expect(parsed).toMatchObject({
      from: 'Alice',
      in: 'Linear Algebra',
      after: '2025-02-01T00:00:00.000Z',
      before: '2025-03-01T00:00:00.000Z',
    });
  });

  it('splits words on punctuation, folds accents, and quotes every word for the engines', () => {
    const { terms } = parseSearch(`don't Café`);
    expect(terms).toEqual([
      { kind: 'phrase', raw: ['don', 't'], norm: ['don', 't'] },
      { kind: 'word', raw: 'Café', norm: 'cafe', prefix: false },
    ]);
    expect(fts5Match(terms)).toBe('"don t" "Café"');
    expect(tsQueryText(terms)).toBe(`('don' <-> 't') & 'Café'`);
    // Operators typed by the user stay words.
    expect(fts5Match(parseSearch('a OR b NEAR(c)').terms)).toBe('"a" "OR" "b" "NEAR c"');
  });

  it('refuses what it cannot search', () => {
    const refusals: Array<[string, string]> = [
      ['', e.empty],
      ['?!', e.empty],
      ['before:2025-01-01', e.empty],
      ['e*', e.shortPrefix],
      ['"open', e.unclosedQuote],
      ['before:2025-02-30', e.badDate],
      ['in:a in:b', e.repeatedFilter],
      ['from:', e.emptyFilter],
      ['a b c d e f g h i', e.tooManyTerms],
    ];
    for (const [q, message] of refusals) expect(() => parseSearch(q), q).toThrow(message);
  });

  it('marks words, prefixes and whole phrases in the text', () => {
    const text = 'Vectors: the linear  map, a Café and a vector.';
    const ranges = highlightRanges(text, parseSearch('"linear map" vector* cafe').terms);
    expect(ranges.map(([s, t]) => text.slice(s, t))).toEqual(['Vectors', 'linear  map', 'Café', 'vector']);
  });

  it('keeps the telling words of a question', () => {
    expect(questionTerms('How do I compute the eigenvalues of a matrix?').map((t) => t.norm)).toEqual([
      'compute',
      'eigenvalues',
      'matrix',
    ]);
  });
});

describe('ranking a window', () => {
  it('puts more occurrences and rarer words first, and the newer of equals first', () => {
    const rows = [
      { id: 1, content: 'kernel driver notes' },
      { id: 2, content: 'kernel kernel kernel' },
      { id: 3, content: 'kernel driver notes' },
      { id: 4, content: 'kernel panic' },
    ];
    expect(rankWindow(rows, parseSearch('kernel').terms).map((r) => r.id)).toEqual([2, 4, 3, 1]);
    // 'panic' is rarer in the window than 'driver': it weighs more.
    expect(rankWindow(rows, parseSearch('panic driver').terms)[0]!.id).toBe(4);
    expect(rankWindow(rows, []).map((r) => r.id)).toEqual([4, 3, 2, 1]);
  });
});

describe('the accent folding of queries', () => {
  it('is the one the index was built with', async () => {
    const index = await import('../../db/migrations/0009-search');
    expect(PG_ACCENTS_FROM).toBe(index.PG_ACCENTS_FROM);
    expect(PG_ACCENTS_TO).toBe(index.PG_ACCENTS_TO);
    expect([...PG_ACCENTS_FROM]).toHaveLength([...PG_ACCENTS_TO].length);
  });
});
