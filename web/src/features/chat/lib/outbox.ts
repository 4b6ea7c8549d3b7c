import { CHAT_TEXTS, TEXTS, type EditMessageFrame, type SendMessageFrame } from '@studium/protocol';

/** What the screens say about the outbox. */
export const OUTBOX_TEXTS = {
  sending: 'Sending…',
  saving: 'Saving…',
  notSent: 'not sent',
  sendFailed: 'Not sent',
  editFailed: 'Edit not saved',
  retry: 'Retry',
  discard: 'Discard',
  files: (count: number) => (count === 1 ? '1 file' : `${count} files`),
} as const;

/** A send, or an edit named by its own client_id (docs/chat.md: Outbox). */
export type OutboxFrame = SendMessageFrame | (EditMessageFrame & { client_id: string });

/** A message or an edit the server has not confirmed yet, kept in IndexedDB until it has. */
export interface OutboxEntry {
  client_id: string;
  frame: OutboxFrame;
  /** When it was written (the pending bubble's time). */
  queued_at: string;
  /** Queueing order: entries are sent again in this order. */
  order: number;
  /** `failed`: the server refused it and the text could not go back to the composer. */
  status: 'pending' | 'failed';
  /** The server's reason, when failed. */
  error?: string;
}

/** The IndexedDB prefix of one user's outbox in one room. */
export const outboxPrefix = (username: string, roomId: number) => `outbox:${username}:${roomId}:`;

let lastOrder = 0;
/** A strictly increasing order, also across reloads (it starts from the clock). */
function nextOrder(): number {
  lastOrder = Math.max(lastOrder + 1, Date.now() * 1000);
  return lastOrder;
}

export function newOutboxEntry(frame: OutboxFrame): OutboxEntry {
  return {
    client_id: frame.client_id ?? '',
    frame,
    queued_at: new Date().toISOString(),
    order: nextOrder(),
    status: 'pending',
  };
}

export const isEdit = (entry: OutboxEntry): entry is OutboxEntry & { frame: EditMessageFrame } =>
  entry.frame.action === 'edit_message';

/** The entry's text: the message sent, or the edit's new text. */
export const entryText = (entry: OutboxEntry): string =>
  entry.frame.action === 'edit_message' ? entry.frame.content : entry.frame.message;

export type OutboxAction =
  | { type: 'load'; entries: OutboxEntry[] }
  | { type: 'add'; entry: OutboxEntry }
  | { type: 'remove'; clientId: string }
  | { type: 'fail'; clientId: string; error: string }
  | { type: 'retry'; clientId: string };

/**
 * The outbox after an action, in queueing order. A new edit of a message replaces the edit of it
 * still waiting: only the last text matters, and an older one sent again after it would undo it.
 */
export function outboxReducer(entries: OutboxEntry[], action: OutboxAction): OutboxEntry[] {
  switch (action.type) {
    case 'load': {
      const known = new Set(entries.map((e) => e.client_id));
      const merged = [...entries, ...action.entries.filter((e) => !known.has(e.client_id))];
      return merged.sort((a, b) => a.order - b.order);
    }
    case 'add': {
      const { frame } = action.entry;
      const kept =
        frame.action === 'edit_message'
          ? entries.filter((e) => !(isEdit(e) && e.frame.message_id === frame.message_id))
          : entries;
      return [...kept, action.entry];
    }
    case 'remove':
      return entries.filter((e) => e.client_id !== action.clientId);
    case 'fail':
      return entries.map((e) =>
        e.client_id === action.clientId ? { ...e, status: 'failed', error: action.error } : e,
      );
    case 'retry':
      return entries.map((e) => {
        if (e.client_id !== action.clientId) return e;
        const { error: _error, ...rest } = e;
        return { ...rest, status: 'pending' };
      });
  }
}

/** The edit of a message that replaced it here and is not confirmed yet (the list shows its text). */
export function pendingEdits(entries: OutboxEntry[]): Map<number, OutboxEntry> {
  const edits = new Map<number, OutboxEntry>();
  for (const entry of entries) if (isEdit(entry)) edits.set(entry.frame.message_id, entry);
  return edits;
}

const rateLimitText = TEXTS.server.rateLimited(0).split('0')[0] ?? '';

/**
 * A refusal that only says "not now" (the sender's message rate or the socket's frame budget):
 * the entry stays and is sent again a little later, instead of coming back as refused.
 */
export function isRateLimitRefusal(reason: string): boolean {
  return reason === CHAT_TEXTS.chat.slowDown || (rateLimitText !== '' && reason.startsWith(rateLimitText));
}
