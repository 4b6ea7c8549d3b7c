import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where attachment bytes live when ATTACHMENTS_DIR is set: `<dir>/<key>` and `<dir>/<key>.thumb`.
 * Every server process must see the same directory (docs/attachments.md); without one the bytes
 * are kept in the database row.
 */
export interface FileStore {
  write(key: string, content: Buffer, thumbnail: Buffer | null): Promise<void>;
  read(key: string, which: 'content' | 'thumbnail'): Promise<Buffer | null>;
  remove(keys: string[]): Promise<void>;
}

// Keys are random base64url ids: nothing in them can leave the directory.
const SAFE_KEY = /^[A-Za-z0-9_-]{22}$/;

export function createFileStore(dir: string): FileStore {
  const fileOf = (key: string, which: 'content' | 'thumbnail') => {
    if (!SAFE_KEY.test(key)) throw new Error('bad attachment key');
    return path.join(dir, which === 'content' ? key : `${key}.thumb`);
  };
  return {
    async write(key, content, thumbnail) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(fileOf(key, 'content'), content, { flag: 'wx', mode: 0o600 });
      if (thumbnail) await fs.writeFile(fileOf(key, 'thumbnail'), thumbnail, { flag: 'wx', mode: 0o600 });
    },
    async read(key, which) {
      try {
        return await fs.readFile(fileOf(key, which));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(keys) {
      for (const key of keys)
        for (const which of ['content', 'thumbnail'] as const)
          await fs.rm(fileOf(key, which), { force: true });
    },
  };
}
