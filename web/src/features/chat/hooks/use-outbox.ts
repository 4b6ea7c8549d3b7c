import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CHAT_TEXTS, LIMITS, type ChatMessage, type ClientFrame } from '@studium/protocol';
import { ApiError } from '../../../lib/api-client';
import { idbDelete, idbSet, idbValues } from '../../../lib/idb-store';
import { editMessage } from '../api/edit-message';
import { sendMessage } from '../api/send-message';
import {
  isRateLimitRefusal,
  newOutboxEntry,
  outboxPrefix,
  outboxReducer,
  type OutboxAction,
  type OutboxEntry,
  type OutboxFrame,
} from '../lib/outbox';

interface OutboxOptions {
  roomId: number;
  me: string | null;
  /** The room socket's send: false when it is not open. */
  socketSend: (frame: ClientFrame) => boolean;
  socketOpen: () => boolean;
  /** The server's answer to a REST send or edit: the stored message. */
  onDelivered: (message: ChatMessage) => void;
  /**
   * A refused entry: true when its text went back where it was typed (the composer or the
   * editor), false to keep it as a failed bubble with Retry and Discard.
   */
  onRefused?: (entry: OutboxEntry) => boolean;
}

/** What the message list shows of the outbox, and its two buttons. */
export interface OutboxView {
  entries: OutboxEntry[];
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
}

/**
 * Sends and edits until the server confirms them (docs/chat.md: Outbox). Each is kept in IndexedDB
 * per user and room, shown at once, sent over the room socket (REST when it is closed) and sent
 * again with its client_id on every new connection, until its echo arrives. The server stores a
 * client_id once, so a send repeated after a lost echo is not doubled.
 */
export function useOutbox({ roomId, me, socketSend, socketOpen, onDelivered, onRefused }: OutboxOptions) {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  // The truth for callbacks that run between renders (frames, timers, answers).
  const current = useRef<OutboxEntry[]>([]);
  // Which connection each entry was last sent on: once per connection, again on the next.
  const sentOn = useRef(new Map<string, number>());
  const connection = useRef(0);
  const posting = useRef(false);
  const flushRef = useRef<() => void>(() => undefined);
  const callbacks = useRef({ onDelivered, onRefused });
  useEffect(() => {
    callbacks.current = { onDelivered, onRefused };
  });
  const prefix = me ? outboxPrefix(me, roomId) : null;

  const update = useCallback((action: OutboxAction) => {
    current.current = outboxReducer(current.current, action);
    setEntries(current.current);
  }, []);

  const persist = useCallback(
    (clientId: string) => {
      if (!prefix) return;
      const entry = current.current.find((e) => e.client_id === clientId);
      void (entry ? idbSet(prefix + clientId, entry) : idbDelete(prefix + clientId));
    },
    [prefix],
  );

  /** Forgets a confirmed, discarded or taken-back entry; true when it was one of ours. */
  const settle = useCallback(
    (clientId: string): boolean => {
      if (!current.current.some((e) => e.client_id === clientId)) return false;
      update({ type: 'remove', clientId });
      sentOn.current.delete(clientId);
      persist(clientId);
      return true;
    },
    [update, persist],
  );

  /**
   * The server said no to this entry: the reason is shown, and the text goes back where it was
   * typed or stays as a failed bubble. False when the entry is not in this outbox.
   */
  const refuse = useCallback(
    (clientId: string, reason: string): boolean => {
      const entry = current.current.find((e) => e.client_id === clientId);
      if (!entry) return false;
      sentOn.current.delete(clientId);
      if (isRateLimitRefusal(reason)) {
        // Not a refusal of the text: sent again once the limit has let up.
        setTimeout(() => flushRef.current(), LIMITS.chatReconnectMs);
        return true;
      }
      toast.error(reason);
      if (entry.status === 'pending' && callbacks.current.onRefused?.(entry)) {
        settle(clientId);
        return true;
      }
      update({ type: 'fail', clientId, error: reason });
      persist(clientId);
      return true;
    },
    [settle, update, persist],
  );

  /**
   * The REST way, while the socket is closed: one entry at a time, in order. Its answer settles or
   * refuses the entry at once; without an answer it stays for the next connection.
   */
  const post = useCallback(
    async (entry: OutboxEntry) => {
      const { frame } = entry;
      posting.current = true;
      let answered = true;
      try {
        const message =
          frame.action === 'edit_message'
            ? await editMessage(frame.message_id, frame.content)
            : await sendMessage(roomId, {
                content: frame.message,
                reply_to: frame.reply_to ?? null,
                mentions: frame.mentions ?? [],
                client_id: entry.client_id,
                ...(frame.attachments?.length ? { attachments: frame.attachments } : {}),
              });
        if (settle(entry.client_id)) callbacks.current.onDelivered(message);
      } catch (err) {
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
        if (refused) refuse(entry.client_id, err.serverError ?? CHAT_TEXTS.chat.sendFailed);
        // Offline or a server failure: tried again with the next connection (a rate limit: a little
        // later, see refuse); the entries after it wait, so the order holds.
        answered = refused && err.status !== 429;
      } finally {
        posting.current = false;
      }
      if (answered) flushRef.current();
    },
    [roomId, settle, refuse],
  );

  /**
   * Sends every pending entry not yet sent on this connection, in queueing order. Without a
   * connection they go by REST one at a time from the first one not confirmed (also those sent on
   * a connection that died before their echo: the server answers a known client_id with what it
   * stored), so the order holds whichever way each one travels.
   */
  const flush = useCallback(() => {
    const pending = current.current.filter((e) => e.status === 'pending');
    if (socketOpen()) {
      for (const entry of pending) {
        if (sentOn.current.get(entry.client_id) === connection.current) continue;
        if (socketSend(entry.frame)) sentOn.current.set(entry.client_id, connection.current);
      }
      return;
    }
    const first = pending[0];
    if (first && !posting.current) void post(first);
  }, [socketSend, socketOpen, post]);
  useEffect(() => {
    flushRef.current = flush;
    // Gone from the screen: a timer or a late answer sends nothing more from here.
    return () => {
      flushRef.current = () => undefined;
    };
  }, [flush]);

  // What was waiting from an earlier visit (a reload, the app reopened offline) comes back first.
  useEffect(() => {
    if (!prefix) return;
    let live = true;
    void idbValues<OutboxEntry>(prefix).then((stored) => {
      if (!live || stored.length === 0) return;
      update({ type: 'load', entries: stored });
      flushRef.current();
    });
    return () => {
      live = false;
    };
  }, [prefix, update]);

  /** A new connection: everything pending goes again (the server drops what it already has). */
  const opened = useCallback(() => {
    connection.current += 1;
    flush();
  }, [flush]);

  const enqueue = useCallback(
    (frame: OutboxFrame) => {
      const entry = newOutboxEntry(frame);
      const replaced = current.current.filter(
        (e) =>
          frame.action === 'edit_message' &&
          e.frame.action === 'edit_message' &&
          e.frame.message_id === frame.message_id,
      );
      update({ type: 'add', entry });
      for (const old of replaced) {
        sentOn.current.delete(old.client_id);
        persist(old.client_id);
      }
      persist(entry.client_id);
      flush();
    },
    [update, persist, flush],
  );

  const retry = useCallback(
    (clientId: string) => {
      update({ type: 'retry', clientId });
      sentOn.current.delete(clientId);
      persist(clientId);
      flush();
    },
    [update, persist, flush],
  );

  const discard = useCallback((clientId: string) => void settle(clientId), [settle]);

  const view: OutboxView = { entries, retry, discard };
  return { view, enqueue, settle, refuse, opened };
}
