// What other features use of unread: the badges, the read markers and the drafts.
export { applyRoomReadState } from './api/read-state-cache';
export { useReadReporter } from './api/report-read';
export { NotificationLevelItems } from './components/notification-level-items';
export { UnreadBadges } from './components/unread-badges';
export { UnreadDivider } from './components/unread-divider';
export {
  clearAllDrafts,
  draftKey,
  loadDraft,
  loadEditDraft,
  saveDraft,
  saveEditDraft,
  watchDraft,
} from './lib/drafts';
export { firstUnreadId } from './lib/unread-labels';
