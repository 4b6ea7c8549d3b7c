import { attachmentThumbnailUrl, attachmentUrl, type Attachment } from '@studium/protocol';
import { visibleFileName } from './file-name';

interface AttachmentRow {
  id: string;
  kind: 'image' | 'file';
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** An attachment as the API sends it: its description and where to fetch it. */
export function presentAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    kind: row.kind,
    name: visibleFileName(row.name),
    size: Number(row.size),
    mime: row.mime,
    width: row.width,
    height: row.height,
    url: attachmentUrl(row.id),
    thumbnail_url: row.kind === 'image' ? attachmentThumbnailUrl(row.id) : null,
  };
}

/** Groups attachment rows (already ordered) by message. */
export function groupAttachments(rows: Array<AttachmentRow & { message_id: number | null }>) {
  const byMessage = new Map<number, Attachment[]>();
  for (const row of rows) {
    if (row.message_id === null) continue;
    const list = byMessage.get(row.message_id) ?? [];
    list.push(presentAttachment(row));
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}
