// `npm run screenshots`: starts the built app on a scratch database, drives Debian's Chromium
// through the main screens (with its colour emoji font) and saves PNGs under docs/screenshots/ for the README.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildAll } from './build.mjs';
import { BROWSER_PACKAGES, ROOT, ensureDebianPackages } from './lib.mjs';
import { CHROMIUM_PATH, playwrightChromiumArgs } from '../web/e2e/chromium.ts';

const PORT = 8177;
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = path.join(ROOT, 'docs/screenshots');

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/api/session/`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

await ensureDebianPackages(BROWSER_PACKAGES);
await buildAll();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studium-shots-'));
const server = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
  cwd: ROOT,
  // Every shot signs in afresh: lift the sign-in limit of this throw-away server.
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100/1',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
server.stdout.on('data', (d) => (output += d));

try {
  await waitForServer();
  const [username, password] = fs
    .readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
    .split('\n')[0]
    .split(' ');
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: playwrightChromiumArgs() });
  const shoot = async (
    name,
    { dark = false, login = false, route = '/', width = 1280, height = 800, before } = {},
  ) => {
    const context = await browser.newContext({
      viewport: { width, height },
      colorScheme: dark ? 'dark' : 'light',
      baseURL: BASE,
    });
    await context.addInitScript((d) => localStorage.setItem('darkmode_enabled', d ? '1' : '0'), dark);
    const page = await context.newPage();
    if (login) {
      await page.goto('/#/login');
      // The app's own form, not the prerendered one it replaces while loading.
      await page.locator('[data-prerendered-route]').waitFor({ state: 'detached' });
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.keyboard.press('Enter');
      await page.waitForURL(/#\/home/);
      if (dark)
        await page.request.post('/api/profile/settings/darkmode/', {
          data: { darkmode_enabled: true },
          headers: {
            'x-csrftoken': (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '',
          },
        });
    }
    const target = typeof route === 'function' ? await route(page) : route;
    await page.goto(`/#${target}`);
    await page.locator('#main').waitFor();
    await page.waitForTimeout(600);
    if (before) await before(page);
    // Let the welcome toast of the sign-in fade, so it does not cover the screen.
    await page
      .locator('[data-sonner-toast]')
      .first()
      .waitFor({ state: 'detached', timeout: 8000 })
      .catch(() => {});
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, `${name}.png`) });
    await context.close();
    console.log(`  saved docs/screenshots/${name}.png`);
  };
  // Conversations for maya to show: the other demo accounts write to her over the API.
  const accounts = fs
    .readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' '));
  const { request } = await import('@playwright/test');
  const signIn = async ([name, pass]) => {
    const api = await request.newContext({ baseURL: BASE });
    await api.get('/api/csrf/');
    const csrf = async () => ({
      'x-csrftoken': (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '',
    });
    await api.post('/api/login/', { data: { username: name, password: pass }, headers: await csrf() });
    return { api, csrf };
  };
  const say = async (account, lines, group) => {
    const { api, csrf } = await signIn(account);
    const opened = group
      ? await api.post('/api/dms/groups/', { data: group, headers: await csrf() })
      : await api.post('/api/dms/', { data: { username }, headers: await csrf() });
    const { room } = await opened.json();
    for (const content of lines)
      await api.post(`/api/rooms/${room}/messages/`, { data: { content }, headers: await csrf() });
    await api.dispose();
  };
  await say(accounts[1], ["Hey Maya! Do you still have the notes from Thursday's lecture?"]);
  await say(accounts[2], ['Thanks for explaining recursion yesterday 🙌', 'See you at the study group?']);
  await say(accounts[3], ['Welcome, everyone! Shall we meet on Thursday at 4pm in the library?'], {
    name: 'CS-101 study group',
    usernames: [username, accounts[1][0], accounts[2][0]],
  });
  // Tutoring: maya looks for help with CS-101; two demo accounts offer it.
  const intent = async (account, role, fields) => {
    const { api, csrf } = await signIn(account);
    await api.post(`/api/intent/${role}`, { data: { mode: 'create', ...fields }, headers: await csrf() });
    await api.dispose();
  };
  await intent(accounts[0], 'tutoree', {
    course_code: 'cs-101',
    modality: 'either',
    languages: 'en,de',
    campus: 'main',
    availability: 'Tue and Thu afternoons',
    pitch: 'Stuck on recursion and big-O; exam in three weeks.',
  });
  await intent(accounts[1], 'tutor', {
    course_code: 'cs-101',
    modality: 'online',
    languages: 'en',
    campus: 'main',
    availability: 'Thu afternoons',
    pitch: 'Passed CS-101 with top marks; happy to walk through exercises.',
  });
  await intent(accounts[2], 'tutor', {
    course_code: 'cs-101',
    modality: 'in_person',
    languages: 'de',
    campus: 'north',
    availability: 'Mondays',
    pitch: 'Teaching assistant last term.',
  });
  // Group: maya's CS-101 party (she and a friend), and two more parties on the topic, free at overlapping times.
  const party = async (account, fields) => {
    const { api, csrf } = await signIn(account);
    const owner = { username: account[0], display_name: account[0], is_owner: true };
    const { members = [], ...rest } = fields;
    const data = {
      topic_key: 'cs-101',
      target_size: 4,
      existing_member_count: 1 + members.length,
      modality: 'either',
      languages: 'en',
      campus: 'main',
      ...rest,
      members: [owner, ...members],
    };
    await api.post('/api/party/active', { data, headers: await csrf() });
    await api.dispose();
  };
  await party(accounts[0], {
    pitch: 'Weekly problem sets before the midterm; we explain our solutions to each other.',
    availability: [
      { day: 'tue', start: '14:00', end: '18:00' },
      { day: 'thu', start: '16:00', end: '19:00' },
    ],
    members: [{ display_name: 'Jonas' }],
  });
  await party(accounts[3], {
    pitch: 'Two of us, looking for two more to go through past exams.',
    availability: [
      { day: 'tue', start: '15:00', end: '17:00' },
      { day: 'thu', start: '17:00', end: '20:00' },
    ],
    members: [{ display_name: 'Lea' }],
  });
  await party(accounts[4] ?? accounts[2], {
    modality: 'remote',
    languages: 'en,de',
    availability: [{ day: 'wed', start: '10:00', end: '12:00' }],
  });
  const roomOf = (path) => async (page) =>
    `/chat/${(await (await page.request.get(`/api/rooms/${path}/`)).json()).id}`;
  await shoot('landing');
  await shoot('login', { route: '/login' });
  await shoot('home', { login: true, route: '/home' });
  await shoot('chat', { login: true, route: roomOf('science.computer_science.cs-101') });
  await shoot('profile', { login: true, route: '/profile' });
  await shoot('rankings', { login: true, route: '/rankings' });
  await shoot('dms', { login: true, route: '/dms' });
  await shoot('notifications', { login: true, route: '/notifications' });
  await shoot('matchmaking', { login: true, route: '/matchmake?tab=tutoring&role=tutoree', height: 1000 });
  await shoot('matchmaking-group', {
    login: true,
    route: '/matchmake?tab=group',
    height: 1200,
    before: (page) =>
      page.getByTestId('party-recommendation').first().getByRole('button', { name: 'Details' }).click(),
  });
  await shoot('about', { route: '/about' });
  // Dark shots last: signing in with dark mode stores it on the account, and later sign-ins follow it.
  await shoot('home-dark', { login: true, dark: true, route: '/home' });
  await shoot('chat-dark', { login: true, dark: true, route: roomOf('science.mathematics.math-101') });
  // Phone views at 390×844.
  const phone = { width: 390, height: 844 };
  await shoot('mobile-landing', phone);
  await shoot('mobile-chat', { login: true, ...phone, route: roomOf('science.computer_science.cs-101') });
  // The sidebar of the user's rooms, opened as a drawer from the navbar.
  await shoot('mobile-sidebar', {
    login: true,
    ...phone,
    route: roomOf('science.computer_science.cs-101'),
    before: (page) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My rooms' }).click(),
  });
  await shoot('mobile-dms', { login: true, ...phone, route: '/dms' });
  await shoot('mobile-matchmaking', { login: true, ...phone, route: '/matchmake?tab=tutoring&role=tutoree' });
  await shoot('mobile-home-dark', { login: true, dark: true, ...phone, route: '/home' });
  await browser.close();
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
