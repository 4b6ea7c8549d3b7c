import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_FLAGS, PROFILE_TEXTS, TEXTS, type PrivacyFlag } from '@studium/protocol';
import { createRoom, userId } from '../../../test/factories';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startServerWithTwoUsers, type TestServer } from '../../../test/test-app';
import { openReadySocket } from '../../../test/ws-client';
import type { ProfileTables } from './profile.repository';

const FILLED = {
  studies: 'Computer Science',
  profile_blurb: 'I like graphs.',
  website: 'https://example.org/me',
  languages_spoken: 'en, fr',
  interests: 'climbing, chess',
};
const ALL_PUBLIC = Object.fromEntries(PRIVACY_FLAGS.map((f) => [f, false])) as Record<PrivacyFlag, boolean>;
/** The field each flag hides from others. */
const HIDES: Record<PrivacyFlag, string> = {
  studies_private: 'studies',
  profile_blurb_private: 'profile_blurb',
  profile_picture_private: 'profile_picture_url',
  website_private: 'website',
  languages_spoken_private: 'languages_spoken',
  interests_private: 'interests',
  join_date_private: 'join_date',
};

describe.each(DIALECTS)('profiles on %s', (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceName: string;
  let bobName: string;
  beforeAll(async () => {
    ({ server, alice, bob, aliceName, bobName } = await startServerWithTwoUsers(dialect));
  });
  afterAll(async () => server?.close());

  it('answers 401 to every profile endpoint when logged out', async () => {
    const anon = new TestClient(server.baseUrl);
    await anon.csrf();
    expect((await anon.get('/api/profile/')).status).toBe(401);
    expect((await anon.post('/api/profile/', { studies: 'x' })).status).toBe(401);
    expect((await anon.get(`/api/users/${aliceName}/profile/`)).status).toBe(401);
    expect((await anon.post('/api/password/', { old_password: 'a', new_password: 'b' })).status).toBe(401);
    expect((await anon.post(`/api/profile/delete/${aliceName}/`)).status).toBe(401);
  });

  describe('GET and POST /api/profile/', () => {
    it('gives a new user empty fields with the default privacy flags', async () => {
      const c = new TestClient(server.baseUrl);
      const name = await c.signUp(uniqueName('fresh'));
      const res = await c.get('/api/profile/');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        username: name,
        studies: '',
        profile_blurb: '',
        website: '',
        languages_spoken: '',
        interests: '',
        studies_private: false,
        profile_blurb_private: true,
        profile_picture_private: true,
        website_private: true,
        languages_spoken_private: true,
        interests_private: true,
        join_date_private: false,
        profile_picture_url: null,
        join_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('saves every field, trimmed, and returns the whole profile', async () => {
      const res = await alice.post('/api/profile/', {
        ...FILLED,
        studies: '  Computer Science  ',
        ...ALL_PUBLIC,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ ...FILLED, ...ALL_PUBLIC });
      expect((await alice.get('/api/profile/')).json).toMatchObject({ ...FILLED, ...ALL_PUBLIC });
    });

    it('saves a text without control characters or bidirectional overrides, its lines kept', async () => {
      const res = await alice.post('/api/profile/', { profile_blurb: 'Hi\u202e there\u0000\nsecond line' });
      expect(res.json.profile_blurb).toBe('Hi there\nsecond line');
      await alice.post('/api/profile/', { profile_blurb: FILLED.profile_blurb });
    });

    it('keeps the fields a partial update leaves out', async () => {
      await alice.post('/api/profile/', { ...FILLED, ...ALL_PUBLIC });
      await alice.post('/api/profile/', { interests: 'go' });
      expect((await alice.get('/api/profile/')).json).toMatchObject({
        ...FILLED,
        interests: 'go',
        ...ALL_PUBLIC,
      });
      await alice.post('/api/profile/', { interests: FILLED.interests });
    });

    it.each([
      ['studies', 100, 'Studies'],
      ['profile_blurb', 1000, 'Profile blurb'],
      ['languages_spoken', 200, 'Languages spoken'],
      ['interests', 200, 'Interests & tags'],
    ] as const)('accepts %s at %i characters and refuses one more', async (field, max, label) => {
      expect((await alice.post('/api/profile/', { [field]: 'x'.repeat(max) })).status).toBe(200);
      const res = await alice.post('/api/profile/', { [field]: 'x'.repeat(max + 1) });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ [field]: PROFILE_TEXTS.tooLong(label, max) });
    });

    it('accepts an http(s) website up to 200 characters, or none', async () => {
      const long = `https://example.org/${'a'.repeat(200 - 20)}`;
      expect(long).toHaveLength(200);
      expect((await alice.post('/api/profile/', { website: long })).status).toBe(200);
      expect((await alice.post('/api/profile/', { website: `${long}a` })).json.fields).toEqual({
        website: PROFILE_TEXTS.tooLong('Website', 200),
      });
      expect((await alice.post('/api/profile/', { website: '' })).status).toBe(200);
      expect((await alice.post('/api/profile/', { website: 'http://localhost:8000/x' })).status).toBe(200);
    });

    it.each(['javascript:alert(1)', 'example.org', 'ftp://example.org', 'data:text/html,hi', 'https://'])(
      'refuses the website %s',
      async (website) => {
        const res = await alice.post('/api/profile/', { website });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({
          error: PROFILE_TEXTS.websiteUrl,
          fields: { website: PROFILE_TEXTS.websiteUrl },
        });
      },
    );

    it('refuses unknown fields, wrong types and read-only fields', async () => {
      expect((await alice.post('/api/profile/', { nickname: 'x' })).json.fields).toEqual({
        nickname: 'Unknown field.',
      });
      expect((await alice.post('/api/profile/', { studies_private: 'yes' })).status).toBe(400);
      expect((await alice.post('/api/profile/', { join_date: '2020-01-01' })).status).toBe(400);
      expect((await alice.post('/api/profile/', { profile_picture_url: '/x' })).status).toBe(400);
    });
  });

  describe('GET /api/users/{username}/profile/', () => {
    const view = async (viewer: TestClient, name = aliceName) =>
      (await viewer.get(`/api/users/${name}/profile/`)).json;

    beforeAll(async () => {
      await alice.post('/api/profile/', { ...FILLED, ...ALL_PUBLIC });
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('profile_picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      const res = await fetch(`${server.baseUrl}/api/profile/`, {
        method: 'POST',
        headers: { cookie: alice.cookieHeader, 'x-csrftoken': alice.cookies.get('csrftoken')! },
        body: form,
      });
      expect(res.status).toBe(200);
    });

    it('shows every public field to another user', async () => {
      const profile = await view(bob);
      expect(profile).toMatchObject({
        username: aliceName,
        is_self: false,
        ...FILLED,
        total_reactions: 0,
        total_reactions_day: 0,
        rank: null,
        rank_day: null,
      });
      expect(profile.join_date).toMatch(/^\d{4}-/);
      expect(profile.profile_picture_url).toMatch(/\/picture\/\?v=/);
      expect(profile).not.toHaveProperty('private_fields');
    });

    it.each(PRIVACY_FLAGS)('%s on hides exactly its field from others, off shows it again', async (flag) => {
      const everything = Object.keys(await view(bob)).sort();
      await alice.post('/api/profile/', { [flag]: true });
      const hidden = await view(bob);
      expect(Object.keys(hidden).sort()).toEqual(everything.filter((k) => k !== HIDES[flag]));
      // The owner still sees it, and learns it is private.
      const own = await view(alice);
      expect(own).toHaveProperty(HIDES[flag]);
      expect(own.private_fields).toEqual([flag]);
      await alice.post('/api/profile/', { [flag]: false });
      expect(Object.keys(await view(bob)).sort()).toEqual(everything);
    });

    it('applies the default privacy flags to a profile never saved: studies and join date only', async () => {
      const c = new TestClient(server.baseUrl);
      const name = await c.signUp(uniqueName('quiet'));
      const profile = await view(bob, name);
      expect(Object.keys(profile).sort()).toEqual([
        'can_block',
        'is_self',
        'join_date',
        'rank',
        'rank_day',
        'studies',
        'total_reactions',
        'total_reactions_day',
        'username',
      ]);
    });

    it('finds users case-insensitively and answers 404 for unknown ones', async () => {
      expect((await view(bob, aliceName.toUpperCase())).username).toBe(aliceName);
      const res = await bob.get('/api/users/nobody_here_at_all/profile/');
      expect(res.status).toBe(404);
      expect(res.json.error).toBe(PROFILE_TEXTS.userNotFound);
    });

    it('reports reactions received and the rank from the ranking counters', async () => {
      const room = await createRoom(server.ctx);
      const msg = (await alice.post(`/api/rooms/${room.id}/messages/`, { content: 'rank me' })).json as {
        id: number;
      };
      const carol = new TestClient(server.baseUrl);
      await carol.signUp(uniqueName('carol'));
      await bob.post(`/api/messages/${msg.id}/react/`, { emoji: '👍' });
      await carol.post(`/api/messages/${msg.id}/react/`, { emoji: '👍' });
      const profile = await view(bob);
      expect(profile).toMatchObject({ total_reactions: 2, total_reactions_day: 2 });
      const rankings = (await bob.get('/api/rankings/')).json.rankings as Array<{ username: string }>;
      expect(profile.rank).toBe(rankings.findIndex((r) => r.username === aliceName) + 1);
      expect(profile.rank_day).toBeGreaterThanOrEqual(1);
    });
  });

  describe('POST /api/password/', () => {
    it('changes the password, ends the other sessions and keeps this one', async () => {
      const name = uniqueName('pw');
      const here = new TestClient(server.baseUrl);
      await here.signUp(name, 'first passphrase 1');
      const elsewhere = new TestClient(server.baseUrl);
      await elsewhere.login(name, 'first passphrase 1');
      const oldCookie = here.cookies.get('sessionid');

      const res = await here.post('/api/password/', {
        old_password: 'first passphrase 1',
        new_password: 'second passphrase 2',
      });
      expect(res.status).toBe(200);
      expect(here.cookies.get('sessionid')).not.toBe(oldCookie);
      expect((await here.get('/api/session/')).json.username).toBe(name);
      expect((await here.post('/api/profile/', { studies: 'still here' })).status).toBe(200);
      expect((await elsewhere.get('/api/session/')).json.is_authenticated).toBe(false);
      const sessions = await server.ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', await userId(server.ctx, name))
        .execute();
      expect(sessions).toHaveLength(1);

      const fresh = new TestClient(server.baseUrl);
      expect((await fresh.login(name, 'first passphrase 1')).status).toBe(400);
      expect((await fresh.login(name, 'second passphrase 2')).status).toBe(200);
    });

    it('refuses a wrong current password with a field error and changes nothing', async () => {
      const name = uniqueName('pw');
      const c = new TestClient(server.baseUrl);
      await c.signUp(name, 'first passphrase 1');
      const res = await c.post('/api/password/', {
        old_password: 'not it at all',
        new_password: 'second passphrase 2',
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        error: PROFILE_TEXTS.wrongOldPassword,
        fields: { old_password: PROFILE_TEXTS.wrongOldPassword },
      });
      expect((await new TestClient(server.baseUrl).login(name, 'first passphrase 1')).status).toBe(200);
    });

    it('applies the registration rules to the new password', async () => {
      const name = uniqueName('pw');
      const c = new TestClient(server.baseUrl);
      await c.signUp(name, 'first passphrase 1');
      const cases: Array<[string, string]> = [
        ['short', TEXTS.server.passwordTooShort],
        ['x'.repeat(129), TEXTS.server.passwordTooLong],
        ['password', TEXTS.server.passwordTooCommon],
        [name, TEXTS.server.passwordLikeUsername],
        ['first passphrase 1', PROFILE_TEXTS.samePassword],
      ];
      for (const [newPassword, message] of cases) {
        const res = await c.post('/api/password/', {
          old_password: 'first passphrase 1',
          new_password: newPassword,
        });
        expect(res.status, newPassword).toBe(400);
        expect(res.json.fields).toEqual({ new_password: message });
      }
    });

    it('requires the CSRF header', async () => {
      const res = await alice.post(
        '/api/password/',
        { old_password: 'a', new_password: 'b'.repeat(10) },
        { csrf: false },
      );
      expect(res.status).toBe(403);
    });
  });

  describe('POST /api/profile/delete/{username}/', () => {
    it('refuses to delete another user (403) and changes nothing', async () => {
      const res = await bob.post(`/api/profile/delete/${aliceName}/`);
      expect(res.status).toBe(403);
      expect(res.json.error).toBe(PROFILE_TEXTS.ownAccountOnly);
      expect((await alice.get('/api/session/')).json.username).toBe(aliceName);
    });

    it("tells each room's sockets which of its messages became tombstones", async () => {
      const name = uniqueName('leaving');
      const gone = new TestClient(server.baseUrl);
      await gone.signUp(name);
      const [first, second] = [await createRoom(server.ctx), await createRoom(server.ctx)];
      const ids = async (roomId: number, ...texts: string[]) => {
        const out: number[] = [];
        for (const content of texts)
          out.push(
            ((await gone.post(`/api/rooms/${roomId}/messages/`, { content })).json as { id: number }).id,
          );
        return out;
      };
      const inFirst = await ids(first.id, 'one', 'two');
      const inSecond = await ids(second.id, 'three');
      const [a, b] = [
        await openReadySocket(server.baseUrl, bob, first.id),
        await openReadySocket(server.baseUrl, bob, second.id),
      ];
      expect((await gone.post(`/api/profile/delete/${name}/`)).status).toBe(200);
      expect(await a.next((f) => f.type === 'messages_tombstoned')).toEqual({
        type: 'messages_tombstoned',
        ids: inFirst,
      });
      expect(await b.next((f) => f.type === 'messages_tombstoned')).toEqual({
        type: 'messages_tombstoned',
        ids: inSecond,
      });
      await Promise.all([a.close(), b.close()]);
    });

    it('erases the account and leaves its messages as tombstones', async () => {
      const db = server.ctx.db;
      const name = uniqueName('gone');
      const gone = new TestClient(server.baseUrl);
      await gone.signUp(name);
      const other = new TestClient(server.baseUrl);
      await other.login(name);
      const id = await userId(server.ctx, name);
      await gone.post('/api/profile/', { ...FILLED });
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('profile_picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
      await fetch(`${server.baseUrl}/api/profile/`, {
        method: 'POST',
        headers: { cookie: gone.cookieHeader, 'x-csrftoken': gone.cookies.get('csrftoken')! },
        body: form,
      });

      const room = await createRoom(server.ctx);
      const bobMsg = (await bob.post(`/api/rooms/${room.id}/messages/`, { content: 'hello from bob' }))
        .json as { id: number };
      const goneMsg = (
        await gone.post(`/api/rooms/${room.id}/messages/`, {
          content: 'my secret words',
          reply_to: bobMsg.id,
        })
      ).json as { id: number };
      await gone.request('PATCH', `/api/messages/${goneMsg.id}/`, { body: { content: 'my edited secret' } });
      const reply = (
        await bob.post(`/api/rooms/${room.id}/messages/`, {
          content: `@${name} hi`,
          reply_to: goneMsg.id,
          mentions: [{ username: name, start: 0, end: name.length + 1 }],
        })
      ).json as { id: number };
      await gone.post(`/api/messages/${bobMsg.id}/react/`, { emoji: '👍' });
      await gone.post(`/api/messages/${bobMsg.id}/react/`, { emoji: '🔥' });
      await bob.post(`/api/messages/${goneMsg.id}/react/`, { emoji: '❤️' });
      const bobId = await userId(server.ctx, bobName);
      const bobTotal = async () =>
        (
          await db
            .selectFrom('user_reaction_totals')
            .select('total')
            .where('user_id', '=', bobId)
            .executeTakeFirstOrThrow()
        ).total;
      const bobTotalBefore = await bobTotal();

      const res = await gone.post(`/api/profile/delete/${name}/`);
      expect(res.status).toBe(200);
      expect(gone.cookies.has('sessionid')).toBe(false);

      const count = async (
        table:
          | 'sessions'
          | 'room_members'
          | 'reactions'
          | 'message_mentions'
          | 'user_reaction_totals'
          | 'user_reaction_days',
        column = 'user_id',
      ) =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where(column as 'user_id', '=', id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      for (const table of [
        'sessions',
        'room_members',
        'reactions',
        'message_mentions',
        'user_reaction_totals',
        'user_reaction_days',
      ] as const) {
        expect(await count(table), table).toBe(0);
      }
      const withProfiles = db.$extendTables<ProfileTables>();
      expect(
        await withProfiles.selectFrom('profiles').select('user_id').where('user_id', '=', id).execute(),
      ).toEqual([]);
      expect(
        await withProfiles
          .selectFrom('profile_pictures')
          .select('user_id')
          .where('user_id', '=', id)
          .execute(),
      ).toEqual([]);
      expect(await db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(
        await db.selectFrom('message_edits').select('id').where('message_id', '=', goneMsg.id).execute(),
      ).toEqual([]);

      // Bob's counters lost the two reactions the deleted user gave him, all time and today.
      const bobTotalAfter = await bobTotal();
      expect(bobTotalAfter).toBe(bobTotalBefore - 2);

      const history = (await bob.get(`/api/rooms/${room.id}/messages/`)).json.messages as Array<{
        id: number;
        username: string;
        message: string;
        reply_to: number | null;
        reactions: Record<string, number>;
      }>;
      const tomb = history.find((m) => m.id === goneMsg.id)!;
      expect(tomb).toMatchObject({ username: 'deleted user', message: '', reply_to: bobMsg.id });
      expect(history.find((m) => m.id === reply.id)!.reply_to).toBe(goneMsg.id);
      expect(history.find((m) => m.id === bobMsg.id)!.reactions).toEqual({});

      expect((await other.get('/api/session/')).json.is_authenticated).toBe(false);
      expect((await new TestClient(server.baseUrl).login(name)).status).toBe(400);
      expect((await bob.get(`/api/users/${name}/profile/`)).status).toBe(404);
    });
  });
});
