// What other features use of blocks.
export { useHiddenReason } from './api/blocks';
export { BlockButtons } from './components/block-buttons';
export { BlockedUsersList } from './components/blocked-users-list';
export { HiddenMessage } from './components/hidden-message';
