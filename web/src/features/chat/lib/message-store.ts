import {
  DELETED_USERNAME,
  type ChatMessage,
  type EditFrame,
  type MessageDeletedFrame,
  type ReactionCounts,
} from '@studium/protocol';

/** Messages of one room: stored ones (ascending ids) plus bot replies still streaming. */
export interface MessageState {
  messages: ChatMessage[];
  /** Temporary messages (negative ids) of bots still streaming, keyed by bot username. */
  streams: Record<string, ChatMessage>;
  hasMore: boolean;
  /** Newer messages exist that are not loaded: a window opened around an older message (not live). */
  hasMoreAfter: boolean;
  /** Bumped when the list is replaced by another window (the list remounts at its target). */
  windowSeq: number;
  /** Virtuoso's index of the first item; lowered by the number of items prepended. */
  firstItemIndex: number;
  nextTempId: number;
  /** Bumped when one of the viewer's own messages arrives (the list scrolls down). */
  ownSeq: number;
}

export type MessageAction =
  | { type: 'reset' }
  | { type: 'history'; messages: ChatMessage[]; hasMore?: boolean; me: string | null }
  | { type: 'window'; messages: ChatMessage[]; hasMore: boolean; hasMoreAfter: boolean }
  | { type: 'latest'; messages: ChatMessage[] }
  | { type: 'newer'; messages: ChatMessage[]; hasMoreAfter: boolean }
  | { type: 'deleted'; frame: Pick<MessageDeletedFrame, 'id' | 'deleted_at' | 'reply_to'> }
  | { type: 'message'; message: ChatMessage; me: string | null; own?: boolean }
  | { type: 'edit'; frame: EditFrame }
  | { type: 'reaction'; id: number; reactions: ReactionCounts }
  | { type: 'tombstone'; ids: number[] }
  | { type: 'bot_stream'; username: string; delta: string; now?: string };

export const FIRST_ITEM_INDEX = 1_000_000;

export const initialMessageState: MessageState = {
  messages: [],
  streams: {},
  hasMore: false,
  hasMoreAfter: false,
  windowSeq: 0,
  firstItemIndex: FIRST_ITEM_INDEX,
  nextTempId: -1,
  ownSeq: 0,
};

/** Upserts by id and keeps ascending order; returns how many new ones went before the oldest. */
export function mergeMessages(
  current: ChatMessage[],
  incoming: ChatMessage[],
): { messages: ChatMessage[]; prepended: number } {
  if (incoming.length === 0) return { messages: current, prepended: 0 };
  const byId = new Map(current.map((m) => [m.id, m]));
  const oldest = current[0]?.id ?? Number.POSITIVE_INFINITY;
  let prepended = 0;
  for (const message of incoming) {
    if (!byId.has(message.id) && message.id < oldest) prepended += 1;
    byId.set(message.id, { ...byId.get(message.id), ...message });
  }
  return { messages: [...byId.values()].sort((a, b) => a.id - b.id), prepended };
}

function withoutStream(streams: Record<string, ChatMessage>, username: string): Record<string, ChatMessage> {
  if (!(username in streams)) return streams;
  const next = { ...streams };
  delete next[username];
  return next;
}

export function messageReducer(state: MessageState, action: MessageAction): MessageState {
  switch (action.type) {
    case 'reset':
      return initialMessageState;
    case 'history': {
      const { messages, prepended } = mergeMessages(state.messages, action.messages);
      const first = state.messages.length === 0;
      return {
        ...state,
        messages,
        hasMore: action.hasMore ?? state.hasMore,
        firstItemIndex: first ? state.firstItemIndex : state.firstItemIndex - prepended,
      };
    }
    case 'window':
      // Another stretch of history replaces the list (a jump to a message or back to the latest).
      return {
        ...state,
        messages: [...action.messages].sort((a, b) => a.id - b.id),
        hasMore: action.hasMore,
        hasMoreAfter: action.hasMoreAfter,
        firstItemIndex: FIRST_ITEM_INDEX,
        windowSeq: state.windowSeq + 1,
      };
    case 'latest': {
      // After a long absence the latest pages no longer reach what was loaded: the latest page
      // replaces it, so that paging back walks through every missed message instead of skipping a
      // gap. Live messages that arrived while the pages loaded are newer than it and stay.
      const newest = action.messages.reduce((n, m) => Math.max(n, m.id), 0);
      return {
        ...state,
        messages: mergeMessages(
          action.messages,
          state.messages.filter((m) => m.id > newest),
        ).messages,
        hasMore: true,
        hasMoreAfter: false,
        firstItemIndex: FIRST_ITEM_INDEX,
        windowSeq: state.windowSeq + 1,
      };
    }
    case 'newer': {
      const { messages } = mergeMessages(state.messages, action.messages);
      return { ...state, messages, hasMoreAfter: action.hasMoreAfter };
    }
    case 'deleted': {
      // The message stays in place as a tombstone; the message it replied to has one reply less.
      const { id, deleted_at, reply_to } = action.frame;
      const target = state.messages.find((m) => m.id === id);
      const wasLive = target !== undefined && !target.deleted_at;
      // A tombstone takes no edit or deletion: the server answers it so.
      const tombstone = { message: '', reactions: {}, mentions: [], edited_at: null, edit_count: 0 };
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.id === id
            ? { ...m, ...tombstone, deleted_at, can_edit: false, can_delete: false }
            : m.id === reply_to && wasLive
              ? { ...m, reply_count: Math.max(0, (m.reply_count ?? 0) - 1) }
              : m,
        ),
      };
    }
    case 'message': {
      const isNew = !state.messages.some((m) => m.id === action.message.id);
      // Viewing an older stretch: newer messages arrive by paging, not in the gap.
      if (isNew && state.hasMoreAfter) return withReplyCounted(state, action.message);
      const { messages } = mergeMessages(
        isNew ? withReplyCounted(state, action.message).messages : state.messages,
        [action.message],
      );
      const own = isNew && (action.own || (action.me !== null && action.message.username === action.me));
      return {
        ...state,
        messages,
        streams: withoutStream(state.streams, action.message.username),
        ownSeq: own ? state.ownSeq + 1 : state.ownSeq,
      };
    }
    case 'edit': {
      const { id, message, edited_at, edit_count } = action.frame;
      return {
        ...state,
        messages: state.messages.map((m) => (m.id === id ? { ...m, message, edited_at, edit_count } : m)),
      };
    }
    case 'reaction':
      return {
        ...state,
        messages: state.messages.map((m) => (m.id === action.id ? { ...m, reactions: action.reactions } : m)),
      };
    case 'tombstone': {
      // The author deleted their account: the messages stay in place, without author or text.
      const ids = new Set(action.ids);
      return {
        ...state,
        messages: state.messages.map((m) =>
          ids.has(m.id) ? { ...m, username: DELETED_USERNAME, message: '' } : m,
        ),
      };
    }
    case 'bot_stream': {
      const existing = state.streams[action.username];
      if (existing) {
        return {
          ...state,
          streams: {
            ...state.streams,
            [action.username]: { ...existing, message: existing.message + action.delta },
          },
        };
      }
      // Only bots stream, so the temporary message is a bot's.
      const temp: ChatMessage = {
        id: state.nextTempId,
        username: action.username,
        message: action.delta,
        timestamp: action.now ?? new Date().toISOString(),
        reply_to: null,
        reactions: {},
        edited_at: null,
        edit_count: 0,
        is_bot: true,
        can_edit: false,
        can_delete: false,
      };
      return {
        ...state,
        streams: { ...state.streams, [action.username]: temp },
        nextTempId: state.nextTempId - 1,
      };
    }
  }
}

/** A new reply counts on the message it replies to, when that one is loaded. */
function withReplyCounted(state: MessageState, message: ChatMessage): MessageState {
  if (message.reply_to === null) return state;
  return {
    ...state,
    messages: state.messages.map((m) =>
      m.id === message.reply_to ? { ...m, reply_count: (m.reply_count ?? 0) + 1 } : m,
    ),
  };
}

/** Whether a message is a tombstone: deleted, or written by a deleted account. */
export const isTombstone = (m: ChatMessage): boolean =>
  Boolean(m.deleted_at) || m.username === DELETED_USERNAME;

/** The list as shown: stored messages, then streaming bot replies. */
export function visibleMessages(state: MessageState): ChatMessage[] {
  const streams = Object.values(state.streams);
  return streams.length ? [...state.messages, ...streams.sort((a, b) => b.id - a.id)] : state.messages;
}
