import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../test/http-client';
import { startServerOn, startTestServer, type TestServer } from '../../test/test-app';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function script(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, `scripts/${name}.mjs`), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('backup and restore of the SQLite database', () => {
  let server: TestServer;
  let client: TestClient;
  let username: string;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-backup-'));

  beforeAll(async () => {
    server = await startTestServer('sqlite', { SEED_DEMO: '1', MESSAGE_RATE_LIMIT: '1000/100' });
    client = new TestClient(server.baseUrl);
    username = await client.signUp(uniqueName('keeper'));
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('copies the database while the server keeps writing, and the copy restores into a working server', async () => {
    const room = (await client.get('/api/rooms/science.computer_science.cs-101/')).json as { id: number };
    let stored = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const res = await client.post(`/api/rooms/${room.id}/messages/`, { content: `kept ${stored}` });
        expect(res.status).toBe(201);
        stored++;
      }
    })();
    while (stored < 5) await new Promise((r) => setTimeout(r, 20));
    const storedBefore = stored;
    const file = path.join(work, 'copy.sqlite3');
    const backup = await script('backup', [file], { DATA_DIR: server.ctx.config.dataDir });
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);

    const copy = new Database(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const copied = (
      copy.prepare('select count(*) as n from messages where room_id = ?').get(room.id) as { n: number }
    ).n;
    copy.close();
    expect(copied).toBeGreaterThanOrEqual(storedBefore);

    const restoredDir = path.join(work, 'restored');
    const restore = await script('restore', [file], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    const restored = await startServerOn({ DATA_DIR: restoredDir });
    try {
      const again = new TestClient(restored.baseUrl);
      expect((await again.login(username)).status).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore a file that is not a sound Studium database, and replaces nothing', async () => {
    const target = path.join(work, 'untouched');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'studium.sqlite3'), 'the current database');

    const garbage = path.join(work, 'garbage.sqlite3');
    fs.writeFileSync(garbage, 'this is not a database');
    const refused = await script('restore', [garbage], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Not restored');

    const foreign = path.join(work, 'foreign.sqlite3');
    const other = new Database(foreign);
    other.exec('create table notes (id integer primary key)');
    other.close();
    const alsoRefused = await script('restore', [foreign], { DATA_DIR: target });
    expect(alsoRefused.code).toBe(1);
    expect(alsoRefused.output).toContain('no migrations table');

    expect(fs.readFileSync(path.join(target, 'studium.sqlite3'), 'utf8')).toBe('the current database');
    expect(fs.readdirSync(target)).toEqual(['studium.sqlite3']);
  });
});
