import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { EMOJI_DATA_BASE } from '../src/config/emoji.ts';

const FILES = ['en/data.json', 'en/messages.json'];

/**
 * The emoji picker's data (emojibase-data, the package's English files) as build assets under
 * `/emojibase/`, so the picker asks our own server for it (the CSP allows no other origin), and
 * the same files in development.
 */
export function emojiData(): Plugin {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('emojibase-data/package.json'));
  return {
    name: 'studium:emoji-data',
    generateBundle() {
      for (const file of FILES)
        this.emitFile({
          type: 'asset',
          fileName: `${EMOJI_DATA_BASE.slice(1)}/${file}`,
          source: fs.readFileSync(path.join(root, file)),
        });
    },
    configureServer(server) {
      server.middlewares.use(EMOJI_DATA_BASE, (req, res, next) => {
        const file = FILES.find((f) => req.url === `/${f}`);
        if (!file) return next();
        res.setHeader('content-type', 'application/json');
        res.end(fs.readFileSync(path.join(root, file)));
      });
    },
  };
}
