import { useSyncExternalStore } from 'react';
import type { AppNotification, NotificationSocketMessage } from '../types';
import { applyUnreadFrame, EMPTY_UNREAD, type UnreadState } from '../lib/unread';

/**
 * Unread notification counts, kept outside React so the notification socket and the mark-read
 * call can update them from anywhere; the navbar badge and the title read them.
 */
let state: UnreadState = EMPTY_UNREAD;
const listeners = new Set<() => void>();
const createdListeners = new Set<(notification: AppNotification | null) => void>();

function emit(next: UnreadState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Applies a socket frame or a mark-read answer with the count rules of spec §4. */
export function applyNotificationFrame(frame: Partial<NotificationSocketMessage> & { type?: string }): void {
  emit(applyUnreadFrame(state, frame));
  if (frame.type === 'notification.created') {
    const notification = 'notification' in frame ? (frame.notification ?? null) : null;
    for (const listener of createdListeners) listener(notification);
  }
}

/** Sets the badge count directly (keeps the room map). */
export function setUnreadCount(next: number): void {
  emit(next === state.count ? state : { ...state, count: Math.max(0, next) });
}

/** Logout: back to nothing unread. */
export function resetUnread(): void {
  emit(EMPTY_UNREAD);
}

export function getUnreadState(): UnreadState {
  return state;
}

/** Called for every new notification (after the counts are updated). */
export function onNotificationCreated(listener: (notification: AppNotification | null) => void): () => void {
  createdListeners.add(listener);
  return () => createdListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnreadCount(): number {
  return useSyncExternalStore(subscribe, () => state.count);
}

/** Unread notifications per room id (a new object whenever a count changes). */
export function useUnreadByRoom(): UnreadState['byRoom'] {
  return useSyncExternalStore(subscribe, () => state.byRoom);
}

/** Unread notifications of one room. */
export function useRoomUnread(room: number | string): number {
  return useSyncExternalStore(subscribe, () => state.byRoom[String(room)] ?? 0);
}
