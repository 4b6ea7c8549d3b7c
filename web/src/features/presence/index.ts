// What other features use of presence: who is online, who is typing, and the switch.
export { usePresenceSettings } from './api/presence-settings';
export { OnlineDot } from './components/online-dot';
export { PresenceSwitch } from './components/presence-switch';
export { TypingIndicator } from './components/typing-indicator';
export { usePresence } from './hooks/use-presence';
export { useTypingIndicator, useTypingSender } from './hooks/use-typing';
