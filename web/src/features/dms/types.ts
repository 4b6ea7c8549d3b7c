/** The wire shapes of the conversations API, from the protocol package. */
export type { Conversation, ConversationsResponse } from '@studium/protocol';
