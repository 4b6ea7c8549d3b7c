import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@studium/protocol';
import { fitDots, fitLabel, isQuestion } from './discovery';

const message = (patch: Partial<ChatMessage>): ChatMessage => ({
  id: 1,
  username: 'ana',
  message: 'linear algebra',
  timestamp: '2025-01-01T00:00:00.000Z',
  reply_to: null,
  reactions: {},
  edited_at: null,
  edit_count: 0,
  is_bot: false,
  can_edit: false,
  can_delete: false,
  ...patch,
});

describe('discovery', () => {
  it('words the fit quietly', () => {
    expect(fitLabel(0.9)).toBe('Strong fit');
    expect(fitLabel(0.5)).toBe('Good fit');
    expect(fitLabel(0.1)).toBe('Possible fit');
    expect([fitDots(1), fitDots(0.4), fitDots(0)]).toEqual([3, 2, 1]);
  });

  it("takes the user's own stored messages as questions", () => {
    expect(isQuestion(message({}), 'ana')).toBe(true);
    expect(isQuestion(message({ username: 'discovery_bot' }), 'ana')).toBe(false);
    expect(isQuestion(message({ id: -1 }), 'ana')).toBe(false);
    expect(isQuestion(message({ message: ' ' }), 'ana')).toBe(false);
    expect(isQuestion(message({}), null)).toBe(false);
  });
});
