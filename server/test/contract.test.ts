import { describe, expect, it } from 'vitest';
import { renameRoomResponse } from '@studium/protocol';
import { expectAnswerContract, expectContract } from './contract';

const renamed = { id: 1, name: 'Algebra' };

describe('the contract check of test answers', () => {
  it('accepts an answer that matches its schema', () => {
    expect(expectContract(renameRoomResponse, renamed)).toEqual(renamed);
    expect(() => expectAnswerContract('POST', '/api/rooms/1/rename/', 200, renamed)).not.toThrow();
  });

  it('fails on a field of the wrong type, a missing field, or a field the schema does not name', () => {
    expect(() => expectAnswerContract('POST', '/api/rooms/1/rename/', 200, { ...renamed, id: '1' })).toThrow(
      /does not match/,
    );
    expect(() =>
      expectAnswerContract('POST', '/api/rooms/math.algebra/rename/', 200, { name: 'Algebra' }),
    ).toThrow(/does not match/);
    expect(() =>
      expectAnswerContract('POST', '/api/rooms/1/rename/', 200, { ...renamed, owner_id: 7 }),
    ).toThrow(/does not name/);
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
