import { describe, expect, it } from 'vitest';
import { roomDetail } from '@studium/protocol';
import { expectAnswerContract, expectContract } from './contract';

const detail = {
  id: 1,
  name: 'Algebra',
  topic: '',
  path: 'math.algebra',
  kind: 'public',
  slug: 'algebra',
  depth: 1,
  description: '',
  is_bot_allowed: false,
  is_public_readable: true,
  is_write_gated: true,
  owner_username: null,
  message_count: 0,
  last_message_at: null,
  member: false,
  can_read: true,
  can_write: true,
  can_react: true,
  can_edit_own: false,
  can_join: true,
  joins_on_write: true,
  can_rename: false,
  can_set_bot_allowed: false,
};

describe('the contract check of test answers', () => {
  it('accepts an answer that matches its schema', () => {
    expect(expectContract(roomDetail, detail)).toEqual(detail);
    expect(() => expectAnswerContract('GET', '/api/rooms/1/', 200, detail)).not.toThrow();
  });

  it('fails on a field of the wrong type, a missing field, or a field the schema does not name', () => {
    expect(() => expectAnswerContract('GET', '/api/rooms/1/', 200, { ...detail, can_write: 'yes' })).toThrow(
      /does not match/,
    );
    const { can_join: _gone, ...missing } = detail;
    expect(() => expectAnswerContract('GET', '/api/rooms/math.algebra/', 200, missing)).toThrow(
      /does not match/,
    );
    expect(() => expectAnswerContract('GET', '/api/rooms/1/', 200, { ...detail, owner_id: 7 })).toThrow(
      /does not name/,
    );
  });

  it('checks a failed call against the error body', () => {
    expect(() =>
      expectAnswerContract('POST', '/api/rooms/1/rename/', 403, { error: 'No permission' }),
    ).not.toThrow();
    expect(() =>
      expectAnswerContract('POST', '/api/rooms/1/rename/', 403, { message: 'No permission' }),
    ).toThrow(/does not match/);
  });
});
