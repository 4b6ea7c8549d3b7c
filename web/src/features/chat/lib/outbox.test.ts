import { describe, expect, it } from 'vitest';
import { CHAT_TEXTS, TEXTS } from '@studium/protocol';
import { isRateLimitRefusal, newOutboxEntry, outboxReducer, pendingEdits, type OutboxEntry } from './outbox';

const send = (clientId: string) =>
  newOutboxEntry({
    action: 'send_message',
    message: `text ${clientId}`,
    reply_to: null,
    client_id: clientId,
  });
const edit = (clientId: string, messageId: number, content: string) =>
  newOutboxEntry({ action: 'edit_message', message_id: messageId, content, client_id: clientId });
const ids = (entries: OutboxEntry[]) => entries.map((e) => e.client_id);

describe('the outbox', () => {
  it('keeps entries in the order they were written, also when loaded back after a reload', () => {
    const [a, b, c] = [send('a'), send('b'), send('c')];
    expect(a.order).toBeLessThan(b.order);
    let entries = outboxReducer([], { type: 'add', entry: c });
    entries = outboxReducer(entries, { type: 'load', entries: [b, a, c] });
    expect(ids(entries)).toEqual(['a', 'b', 'c']);
  });

  it('drops only the entry that was confirmed or discarded', () => {
    const entries = [send('a'), send('b'), send('c')].reduce(
      (list, entry) => outboxReducer(list, { type: 'add', entry }),
      [] as OutboxEntry[],
    );
    expect(ids(outboxReducer(entries, { type: 'remove', clientId: 'b' }))).toEqual(['a', 'c']);
  });

  it('marks a refused entry failed with the reason, and a retry makes it pending again', () => {
    let entries = outboxReducer([], { type: 'add', entry: send('a') });
    entries = outboxReducer(entries, { type: 'fail', clientId: 'a', error: 'You cannot message this user.' });
    expect(entries[0]).toMatchObject({ status: 'failed', error: 'You cannot message this user.' });
    entries = outboxReducer(entries, { type: 'retry', clientId: 'a' });
    expect(entries[0]?.status).toBe('pending');
    expect(entries[0]?.error).toBeUndefined();
  });

  it('keeps one edit per message: a newer edit replaces the one still waiting', () => {
    let entries = outboxReducer([], { type: 'add', entry: edit('e1', 7, 'first') });
    entries = outboxReducer(entries, { type: 'add', entry: send('s') });
    entries = outboxReducer(entries, { type: 'add', entry: edit('e2', 7, 'second') });
    expect(ids(entries)).toEqual(['s', 'e2']);
    expect(pendingEdits(entries).get(7)?.frame).toMatchObject({ content: 'second' });
  });

  it('tells a rate limit (sent again later) from a refusal', () => {
    expect(isRateLimitRefusal(CHAT_TEXTS.chat.slowDown)).toBe(true);
    expect(isRateLimitRefusal(TEXTS.server.rateLimited(12))).toBe(true);
    expect(isRateLimitRefusal('You cannot message this user.')).toBe(false);
  });
});
