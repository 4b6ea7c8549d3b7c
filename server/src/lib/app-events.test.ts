import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAppEvents } from './app-events';

describe('app events', () => {
  it('tells every listener of its event only, until it unsubscribes', () => {
    const events = createAppEvents(pino({ level: 'silent' }));
    const seen: string[] = [];
    const off = events.on('roomMessage', ({ roomId }) => seen.push(`a${roomId}`));
    events.on('roomMessage', ({ roomId, authorId }) => seen.push(`b${roomId}:${authorId}`));
    events.on('messageSent', () => seen.push('sent'));
    events.emit('roomMessage', { roomId: 1, authorId: 7 });
    off();
    events.emit('roomMessage', { roomId: 2, authorId: null });
    expect(seen).toEqual(['a1', 'b1:7', 'b2:null']);
  });

  it('logs a listener that throws and still tells the others, without failing the caller', () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const events = createAppEvents(log);
    const seen: number[] = [];
    events.on('roomMessage', () => {
      throw new Error('listener broke');
    });
    events.on('roomMessage', ({ roomId }) => seen.push(roomId));
    expect(() => events.emit('roomMessage', { roomId: 3, authorId: null })).not.toThrow();
    expect(seen).toEqual([3]);
    expect(lines.join('')).toContain('listener broke');
  });
});
