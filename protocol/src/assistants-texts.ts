/**
 * The assistants' names, limits and texts, apart from their schemas (assistants.ts): screens
 * that only label a bot's message load none of the assistants' schemas.
 */

/** The bot accounts (seeded, `is_bot`, no password). */
export const ASSISTANT_BOTS = {
  /** Answers in rooms with `is_bot_allowed` when a message mentions it. */
  room: 'studybot',
  interview: 'interview_bot',
  discovery: 'discovery_bot',
} as const;
export type AssistantBot = (typeof ASSISTANT_BOTS)[keyof typeof ASSISTANT_BOTS];
export const BOT_USERNAMES: readonly string[] = Object.values(ASSISTANT_BOTS);

/** The two assistant pages, each with its private room. */
export const ASSISTANT_KINDS = ['interview', 'discovery'] as const;
export type AssistantKind = (typeof ASSISTANT_KINDS)[number];

export const ASSISTANT_LIMITS = {
  /** One answer to parse, one discovery request. */
  textMax: 2000,
  queryMax: 500,
  /** Rooms a discovery answer lists. */
  discoverResults: 5,
  /** A bot's reply is cut at this length (people's messages have LIMITS.messageMax). */
  replyMax: 4000,
  /** The recent messages of a room the room bot reads to answer. */
  roomBotContext: 200,
} as const;

export const ASSISTANT_TEXTS = {
  botLabel: 'Bot',
  emptyQuery: 'Tell me what you are looking for.',
  emptyAnswer: 'Write an answer first.',
  cannotAnswer: "I can't answer that from what I can read here.",
  botsMayNotPost: 'Bots are not allowed in this room.',
  botBusyFor: (seconds: number) =>
    `I'm answering too many questions right now: ask me again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`,
  /** What a bot answer says once a message it quoted was deleted (docs/assistants.md, "Erasure"). */
  answerRedacted: 'This answer was removed because a message it quoted was deleted.',
  noRoomsFound: 'No rooms match that yet. Try other words, or browse the room list.',
  discoveryGreeting:
    "Hi! Tell me in your own words what you would like to study or talk about, and I'll point you to the rooms that fit.",
  assistantRoomName: { interview: 'Interview', discovery: 'Room discovery' },
  groupNeedsTopic: 'Pick a course or a hobby for the study group.',
  interviewSaved: 'Saved to your profile',
  interviewSaveFailed: 'Could not save your answers',
  consentLabel: 'Let bots read my messages',
  consentHelp: 'When off, no bot ever reads your messages: not to answer, not to summarise, not to search.',
  botRoomNotice: 'A bot can read this room to answer questions. People who opted out are never read.',
  tourStartInterview: 'Start the interview',
  tourExploreRooms: 'Explore rooms',
} as const;
