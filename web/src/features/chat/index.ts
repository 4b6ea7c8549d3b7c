// What other features use of chat: the room's message list and composer, as the assistants show them.
export { Composer } from './components/composer';
export { ExternalLinkDialog } from './components/external-link-dialog';
export { MessageList } from './components/message-list';
export { useChatRoom } from './hooks/use-chat-room';
