import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { markRoomReadResponse, UNREAD_LIMITS, type MarkRoomReadResponse } from '@studium/protocol';
import { checked } from '../../../lib/api-client';
import { applyRoomReadState } from './read-state-cache';

/** POST /api/rooms/{room}/read/ {last_read_id}: the marker only moves forward. */
export function reportRead(room: number, lastReadId: number): Promise<MarkRoomReadResponse> {
  return checked.post(`/api/rooms/${room}/read/`, { last_read_id: lastReadId }, markRoomReadResponse);
}

/**
 * Reports the newest message the reader has seen in `room`, at most once per debounce interval
 * and only while the page is visible; `enabled` is false for non-members (they have no marker).
 * Returns `seen(id)`, to call with every message id that came into view.
 */
export function useReadReporter(room: number, enabled: boolean) {
  const client = useQueryClient();
  const newest = useRef(0);
  const sent = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    timer.current = undefined;
    if (!enabled || newest.current <= sent.current || document.visibilityState !== 'visible') return;
    const id = newest.current;
    sent.current = id;
    reportRead(room, id)
      .then((state) => applyRoomReadState(client, room, state))
      .catch((err: unknown) => {
        // Only the counts lag: the next report carries a newer marker.
        sent.current = Math.min(sent.current, id - 1);
        console.info('Read marker not saved:', err);
      });
  }, [client, room, enabled]);

  const seen = useCallback(
    (id: number) => {
      if (id <= newest.current) return;
      newest.current = id;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, UNREAD_LIMITS.reportDebounceMs);
    },
    [flush],
  );

  useEffect(() => {
    // Messages seen before the join (or while hidden) are reported once it is possible.
    flush();
    document.addEventListener('visibilitychange', flush);
    return () => {
      document.removeEventListener('visibilitychange', flush);
      clearTimeout(timer.current);
    };
  }, [flush]);

  return seen;
}
