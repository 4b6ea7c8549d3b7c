/** Every product number (lengths, delays, caps) and the wire limits, in one place. */
export const LIMITS = {
  roomNameMax: 120,
  messageMax: 1000,
  /** The composer counts characters from here on (docs/chat.md). */
  composerCounterFrom: 900,
  mentionSearchMin: 2,
  mentionHandleMax: 30,
  userSearchMin: 2,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  passwordMax: 128,
  studiesMax: 100,
  blurbMax: 1000,
  languagesMax: 200,
  interestsMax: 200,
  websiteMax: 200,
  pictureMaxBytes: 5 * 1024 * 1024,
  chatReconnectMs: 3000,
  notificationBackoffStartMs: 1000,
  notificationBackoffMaxMs: 15000,
  notificationBackoffMaxStep: 5,
  bottomPinnedPx: 56,
  replyPreviewQuote: 50,
  replyPreviewComposer: 100,
  codeCopyHighlightMs: 1200,
  unreadBadgeCap: 99,
  intentCapacityDefault: 5,
  intentTtlDaysDefault: 7,
  jsonBodyMaxBytes: 64 * 1024,
  wsFrameMaxBytes: 16 * 1024,
  wsPingMs: 30_000,
} as const;

/** Breadcrumb / card path segments shown by viewport width. */
export const PATH_SEGMENTS_BY_WIDTH: ReadonlyArray<readonly [maxWidthExclusive: number, segments: number]> = [
  [360, 1],
  [480, 2],
  [768, 3],
  [Number.POSITIVE_INFINITY, 4],
];

/** The toasts' look and feel: sonner's defaults, except the 20 px swipe threshold. */
export const TOAST_DEFAULTS = {
  durationMs: 4000,
  visibleToasts: 3,
  swipeThresholdPx: 20,
  gapPx: 14,
  widthPx: 356,
  offsetPx: 32,
  position: 'bottom-right',
  hotkey: ['altKey', 'KeyT'],
} as const;

/** Local storage keys. */
export const STORAGE_KEYS = {
  darkmode: 'darkmode_enabled',
  username: 'username',
  tutoringRole: 'tutoring_role',
  /** The last session answer of a signed-in user (web/src/lib/offline-data.ts). */
  session: 'studium:session',
} as const;

/** Chat limits the server chooses (docs/chat.md, docs/security.md). */
export const CHAT_LIMITS = {
  /** A reaction is one emoji; the longest (a family, a couple with skin tones) is 15 UTF-16 units. */
  reactionMaxLength: 32,
  historyPageDefault: 50,
  historyPageMax: 100,
  mentionsMax: 20,
  mentionDisplayMax: 64,
  clientIdMax: 64,
  userSearchQueryMax: 30,
  userSearchResults: 10,
  rankingsTop: 50,
  wsFramesPerWindow: 120,
  wsFrameWindowMs: 60_000,
  wsConnectionsPerUser: 20,
  /** Pinned messages a room may have at once: a short list worth reading, not a second history. */
  pinsPerRoom: 50,
  /** Consecutive messages of one author within this many ms show under one header (docs/chat.md). */
  groupWindowMs: 5 * 60_000,
} as const;

/** Profile picture bounds (docs/security.md, uploaded pictures). */
export const PROFILE_LIMITS = {
  /** Decoded pixels an upload may have (4096²; decompression bombs stop here). */
  pictureMaxPixels: 4096 * 4096,
  /** The stored picture fits in this square. */
  pictureOutputPx: 512,
  multipartFields: 20,
  multipartFieldBytes: 4 * 1024,
  multipartParts: 25,
} as const;
