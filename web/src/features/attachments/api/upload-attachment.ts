import { uploadAttachmentResponse, type Attachment } from '@studium/protocol';
import { uploadChecked } from '../../../lib/api-client';

/** POST /api/rooms/{room}/attachments/: one file, with upload progress (0–100). */
export function uploadAttachment(
  room: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  const form = new FormData();
  form.append('file', file, file.name || 'pasted');
  return uploadChecked(`/api/rooms/${room}/attachments/`, form, uploadAttachmentResponse, onProgress, signal);
}
