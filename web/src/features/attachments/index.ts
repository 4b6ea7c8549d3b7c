// What other features use of attachments.
export { AttachButton } from './components/attach-button';
export { MessageAttachments } from './components/message-attachments';
export { PendingAttachments } from './components/pending-attachments';
export { useAttachmentUploads } from './hooks/use-attachment-uploads';
