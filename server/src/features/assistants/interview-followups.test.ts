import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_BOTS, INTERVIEW_QUICK_REPLIES, interviewState } from '@studium/protocol';
import { TestClient, uniqueName } from '../../../test/http-client';
import { DIALECTS, startTestServer, type TestServer } from '../../../test/test-app';
import { openReadySocket, type Frame, type TestSocket } from '../../../test/ws-client';

const isInterviewReply = (f: Frame) => f.type === 'message' && f.username === ASSISTANT_BOTS.interview;

describe.each(DIALECTS)('interview follow-ups on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      MESSAGE_RATE_LIMIT: '1000/100',
      ASSISTANT_RATE_LIMIT: '1000/100',
    });
  });
  afterAll(async () => server?.close());

  const answer = async (socket: TestSocket, message: string) => {
    socket.send({
      action: 'send_message',
      message,
      reply_to: null,
      mentions: [],
      client_id: uniqueName('c'),
    });
    return socket.next(isInterviewReply, 15_000);
  };

  it('asks one short question per empty slot, with its quick replies, and each quick reply fills it', async () => {
    const client = new TestClient(server.baseUrl);
    await client.signUp(uniqueName('newcomer'));
    const room = await client.get('/api/assistants/interview/room/');
    const socket = await openReadySocket(server.baseUrl, client, room.json.room_id as number);

    // Courses and a language, but no role: the role is asked next, with its choices.
    await answer(socket, 'calc 1 and stats, in English. Free tonight.');
    let state = interviewState.parse((await client.get('/api/assistants/interview/')).json);
    expect(state.reading).toMatchObject({
      courses: ['math-101', 'math-220'],
      role: null,
      availability: [],
    });
    expect(state.missing[0]).toBe('role');
    expect(state.quick_replies).toEqual(INTERVIEW_QUICK_REPLIES.role);

    await answer(socket, INTERVIEW_QUICK_REPLIES.role![0]!);
    state = interviewState.parse((await client.get('/api/assistants/interview/')).json);
    expect(state.reading.role).toBe('tutoree');
    expect(state.missing[0]).toBe('modality');
    expect(state.quick_replies).toEqual(INTERVIEW_QUICK_REPLIES.modality);

    await answer(socket, INTERVIEW_QUICK_REPLIES.modality![3]!);
    state = interviewState.parse((await client.get('/api/assistants/interview/')).json);
    expect(state.reading.modality).toBe('hybrid');
    // "tonight" is no weekly slot, so availability is still empty and asked about.
    expect(state.missing[0]).toBe('availability');
    expect(state.quick_replies).toEqual(INTERVIEW_QUICK_REPLIES.availability);

    await answer(socket, INTERVIEW_QUICK_REPLIES.availability![0]!);
    state = interviewState.parse((await client.get('/api/assistants/interview/')).json);
    expect(new Set(state.reading.availability.map((w) => w.day))).toEqual(
      new Set(['mon', 'tue', 'wed', 'thu', 'fri']),
    );
    // Hobbies have no quick replies: free text.
    expect(state.missing[0]).toBe('hobbies');
    expect(state.quick_replies).toEqual([]);
    await socket.close();
  });
});
