import bm25 from 'wink-bm25-text-search';
import { inEnglish } from './foreign-words';
import { COURSES, ROOM_GLOSSARY } from './courses';
import { Gazetteer } from './gazetteer';
import { STOPWORDS, Vocabulary, tokenize, type Token } from './text';
import type { RoomDoc, RoomHit } from './types';

/**
 * Room discovery: BM25 (wink-bm25-text-search) over each room's name, path, topic and
 * description, plus the glossary of its course (courses.ts), so a request in the user's own
 * words ("I can't get my head around eigenvectors") finds Linear Algebra. The user's profile
 * text is a light prior. docs/assistants.md.
 */

interface Glossary {
  /** How the reason names the room's subject. */
  label: string;
  concepts: string[];
  aliases: string[];
}

const GLOSSARY: ReadonlyMap<string, Glossary> = new Map<string, Glossary>([
  ...COURSES.map((c): [string, Glossary] => [
    c.code,
    { label: c.name, concepts: [...c.concepts, ...c.related], aliases: c.aliases },
  ]),
  ...Object.entries(ROOM_GLOSSARY).map(([slug, g]): [string, Glossary] => [
    slug,
    { label: g.label, concepts: g.concepts, aliases: [] },
  ]),
]);

/** Every glossary phrase → the slugs it belongs to, for the reasons. */
const conceptFinder = new Gazetteer<string>(
  [...GLOSSARY].flatMap(([slug, g]) =>
    [...g.concepts, ...g.aliases].map((k) => [k, slug] as [string, string]),
  ),
);

const FIELD_WEIGHTS = { name: 3, topic: 2, glossary: 2, description: 1, path: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;

/** Topic words of a text: stems without stopwords or punctuation. */
function terms(tokens: Token[]): string[] {
  return tokens
    .filter((t) => !t.punct && !STOPWORDS.has(t.norm) && /[a-z0-9]/.test(t.norm))
    .map((t) => t.stem);
}

/** A score (BM25, unbounded) to 0..1. */
const squash = (raw: number): number => 1 - Math.exp(-raw / 5);

const FILLER = 'zzfillerzz';

/**
 * A result scoring below this share of the best one is a weak tail (a room that shares one common
 * word with the request), left out rather than shown as a suggestion.
 */
const RELATIVE_FLOOR = 0.35;

export class RoomIndex {
  private readonly engine = bm25();
  private readonly rooms = new Map<string, RoomDoc>();
  /** Surface word → stem, for every word of the index (typo lookup goes through it). */
  private readonly stemOf = new Map<string, string>();
  private readonly vocabulary: Vocabulary;
  private readonly empty: boolean;
  /** Each room's name and topic words, for the reasons. */
  private readonly roomTokens = new Map<string, { name: Token[]; about: Token[] }>();
  private lastContext: { text: string; rank: Map<string, number> } | null = null;

  constructor(rooms: RoomDoc[]) {
    this.engine.defineConfig({ fldWeights: { ...FIELD_WEIGHTS }, bm25Params: { k1: 1.2, b: 0.5 } });
    this.engine.definePrepTasks([(text: string) => (text === '' ? [] : text.split(' '))] as never);
    for (const room of rooms) {
      const g = GLOSSARY.get(room.slug);
      const fields: Record<Field, string> = {
        name: room.name,
        topic: room.topic,
        glossary: g ? [...g.aliases, ...g.concepts].join(' . ') : '',
        description: room.description,
        path: room.path,
      };
      const doc: Record<string, string> = {};
      for (const field of Object.keys(fields) as Field[]) {
        const tokens = tokenize(fields[field]);
        for (const t of tokens) if (!t.punct && /^[a-z]+$/.test(t.norm)) this.stemOf.set(t.norm, t.stem);
        doc[field] = terms(tokens).join(' ');
      }
      const key = String(room.id);
      if (this.rooms.has(key)) continue;
      this.rooms.set(key, room);
      this.roomTokens.set(key, {
        name: tokenize(room.name),
        about: tokenize(`${room.topic} . ${room.description}`),
      });
      this.engine.addDoc(doc, key);
    }
    this.empty = this.rooms.size === 0;
    // BM25 needs three documents to consolidate; fillers match nothing a query can hold.
    for (let i = this.rooms.size; i < 3; i++) {
      this.engine.addDoc(
        { name: FILLER, topic: FILLER, glossary: FILLER, description: FILLER, path: FILLER },
        `filler-${i}`,
      );
    }
    this.engine.consolidate();
    this.vocabulary = new Vocabulary(this.stemOf.keys());
  }

  /** The query's terms, with close spellings of unknown words mapped to the index's words. */
  private queryTerms(tokens: Token[]): string[] {
    const out: string[] = [];
    for (const t of tokens) {
      if (t.punct || STOPWORDS.has(t.norm) || !/[a-z0-9]/.test(t.norm)) continue;
      if (this.stemOf.has(t.norm) || !/^[a-z]+$/.test(t.norm)) {
        out.push(t.stem);
        continue;
      }
      const close = this.vocabulary.match(t.norm);
      if (close.length === 0) out.push(t.stem);
      for (const w of close.slice(0, 2)) out.push(this.stemOf.get(w)!);
    }
    return out;
  }

  private rank(tokens: Token[]): Map<string, number> {
    const q = this.queryTerms(tokens);
    const out = new Map<string, number>();
    if (q.length === 0 || this.empty) return out;
    for (const [id, score] of this.engine.search(q.join(' '), 50)) {
      if (this.rooms.has(id)) out.set(id, score);
    }
    return out;
  }

  /** The profile's ranking, kept for the next search with the same profile. */
  private contextRank(context: string): Map<string, number> {
    if (this.lastContext?.text !== context) {
      this.lastContext = { text: context, rank: this.rank(tokenize(context.slice(0, 2000))) };
    }
    return this.lastContext.rank;
  }

  /**
   * The best rooms for `query`, at most `limit`, among those `accept` lets through (the caller's
   * read rule); a result far below the best one is left out (`RELATIVE_FLOOR`).
   */
  search(
    query: string,
    opts: { context?: string; limit?: number; accept?: (room: RoomDoc) => boolean } = {},
  ): RoomHit[] {
    const limit = Math.max(1, opts.limit ?? 5);
    // A request in Spanish, French or German is searched with its subject words in English too.
    const queryTokens = tokenize(inEnglish(query.slice(0, 2000)));
    const found = this.rank(queryTokens);
    if (found.size === 0) return [];
    const context = opts.context?.trim() ? this.contextRank(opts.context.trim()) : new Map<string, number>();
    const contextMax = Math.max(0, ...context.values());
    const accept = opts.accept ?? (() => true);
    const ranked = [...found]
      .filter(([id]) => accept(this.rooms.get(id)!))
      .map(([id, raw]) => {
        const room = this.rooms.get(id)!;
        const prior = contextMax > 0 ? (context.get(id) ?? 0) / contextMax : 0;
        const score = Math.round(Math.min(1, squash(raw) * (1 + 0.15 * prior)) * 1000) / 1000;
        return { room, score, prior };
      });
    ranked.sort((a, b) => b.score - a.score || a.room.path.length - b.room.path.length);
    const floor = (ranked[0]?.score ?? 0) * RELATIVE_FLOOR;
    const strong = ranked.filter((r) => r.score >= floor);
    const concepts = conceptFinder.find(queryTokens);
    const words = new Set(terms(queryTokens));
    return strong.slice(0, limit).map(({ room, score, prior }) => ({
      room,
      score,
      reason: reasonFor(room, this.roomTokens.get(String(room.id))!, queryTokens, words, concepts, prior),
    }));
  }
}

function reasonFor(
  room: RoomDoc,
  own: { name: Token[]; about: Token[] },
  queryTokens: Token[],
  words: ReadonlySet<string>,
  concepts: Array<{ value: string; phrase: string; from: number; to: number }>,
  prior: number,
): string {
  const g = GLOSSARY.get(room.slug);
  const label = g?.label ?? room.name;
  const concept = concepts.find((c) => c.value === room.slug);
  if (concept && g) {
    const said = queryTokens
      .slice(concept.from, concept.to)
      .map((t) => t.norm)
      .join(' ');
    if (g.aliases.includes(concept.phrase)) return `You asked about ${said}, which is ${label}.`;
    return `You mentioned ${said}, a core topic of ${label}.`;
  }
  const nameHits = terms(own.name).filter((s) => words.has(s));
  if (nameHits.length > 0) {
    const said = queryTokens.filter((t) => nameHits.includes(t.stem)).map((t) => t.norm);
    return `Its name matches “${[...new Set(said)].join(' ')}”.`;
  }
  const aboutHits = own.about.filter((t) => !t.punct && words.has(t.stem) && !STOPWORDS.has(t.norm));
  if (aboutHits.length > 0) {
    const said = [...new Set(aboutHits.map((t) => t.norm))].slice(0, 3).join(', ');
    return `It is about ${said}${prior > 0 ? ', close to what your profile says' : ''}.`;
  }
  return `It matches your words in ${room.path}.`;
}
