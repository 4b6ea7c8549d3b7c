// What other features use of the conversations.
export { useConversations } from './api/get-conversations';
export { AddMembersDialog, LeaveGroupDialog } from './components/group-dialogs';
