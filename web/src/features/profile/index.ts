// What other features use of profile.
export { openDirectMessage } from './api/open-direct-message';
export { UserAvatar } from './components/user-avatar';
