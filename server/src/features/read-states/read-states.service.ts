/**
 * A member's read state as other features read it: their marker, capped unread and mention
 * counts and notification level (docs/unread.md). Marking read and the live counts are unread's.
 */
export {
  listMemberIds,
  listMembersReadStates,
  listReadStates,
  type ReadStateRow,
} from './read-states.repository';
