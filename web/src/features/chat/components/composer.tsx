import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Pencil, SendHorizontal, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_TEXTS,
  CHAT_TEXTS,
  LIMITS,
  megabytes,
  normalizeMessage,
  type ChatMessage,
} from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { AttachButton } from '../../attachments/components/attach-button';
import { PendingAttachments } from '../../attachments/components/pending-attachments';
import { useAttachmentUploads } from '../../attachments/hooks/use-attachment-uploads';
import { loadDraft, saveDraft } from '../../unread/lib/drafts';
import type { OutgoingDraft } from '../hooks/use-chat-room';
import { useComposerHandle, type ComposerHandle } from '../hooks/use-composer-handle';
import { useMentionPicker } from '../hooks/use-mention-picker';
import { mentionsForSend } from '../lib/mentions';
import { MentionSuggestions } from './mention-suggestions';
import { ReplyBar } from './reply-bar';

interface ComposerProps {
  me: string | null;
  /** The room uploads go to; none: the composer takes no attachments (an assistant's conversation). */
  roomId?: number;
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  onCancelReply: () => void;
  onCancelEdit: () => void;
  onEditLast: () => void;
  onSend: (draft: OutgoingDraft) => Promise<boolean>;
  onSaveEdit: (id: number, content: string) => Promise<boolean>;
  /** Where the unsent text is kept across reloads (per user and room); none keeps nothing. */
  draftKey?: string;
  /** The draft as it changes (the room shows 'Already answered?' beside it). */
  onDraftChange?: (draft: string) => void;
  /** Called on every keystroke of a new message (the presence feature throttles it). */
  onTyping?: () => void;
  /** The text the editor opens with, when not the message's own (a refused edit coming back). */
  editText?: string | null;
  ref?: Ref<ComposerHandle>;
}

/**
 * 3-row input with Send; reply bar, mention suggestions and edit mode (docs/chat.md); files attached
 * by the paperclip, by dropping them on the composer or by pasting (docs/attachments.md).
 */
export function Composer(props: ComposerProps) {
  const {
    me,
    roomId,
    replyTo,
    editing,
    onCancelReply,
    onCancelEdit,
    onEditLast,
    onSend,
    onSaveEdit,
    draftKey,
    onDraftChange,
    onTyping,
    editText: openingEditText,
    ref,
  } = props;
  const uploads = useAttachmentUploads(roomId);
  // Attachments go with new messages in a room, never with an edit.
  const attaching = roomId !== undefined && !editing;
  const [dragging, setDragging] = useState(false);
  const [draft, setDraftState] = useState(() => (draftKey ? loadDraft(draftKey) : ''));
  const setDraft = (next: string) => {
    setDraftState(next);
    onDraftChange?.(next);
  };
  const [editText, setEditText] = useState(openingEditText ?? editing?.message ?? '');
  const [editingId, setEditingId] = useState<number | null>(editing?.id ?? null);
  if ((editing?.id ?? null) !== editingId) {
    setEditingId(editing?.id ?? null);
    setEditText(openingEditText ?? editing?.message ?? '');
  }
  const [busy, setBusy] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useComposerHandle(ref, draft, (text) => {
    setDraft(text);
    textarea.current?.focus();
  });
  const picker = useMentionPicker(me);
  const listId = useId();
  const value = editing ? editText : draft;
  const length = normalizeMessage(value).length;
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    textarea.current?.focus();
  }, [replyTo?.id, editing?.id]);

  // The unsent text survives a reload; sending empties it, which removes it.
  useEffect(() => {
    if (draftKey) saveDraft(draftKey, draft);
  }, [draftKey, draft]);

  // Toasts rise above the composer while it is on screen, so they never cover Send (docs/chat.md).
  useEffect(() => {
    const el = root.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const style = document.documentElement.style;
    const observer = new ResizeObserver(() => style.setProperty('--composer-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      style.removeProperty('--composer-height');
    };
  }, []);

  const submit = async () => {
    if (busy) return;
    if (!me) {
      toast.error(CHAT_TEXTS.chat.pleaseLogIn);
      return;
    }
    const content = normalizeMessage(value);
    if (content.length > LIMITS.messageMax) {
      toast.error(CHAT_TEXTS.chat.maxChars);
      return;
    }
    if (editing) {
      if (!content) return void toast.error(CHAT_TEXTS.chat.messageRequired);
      if (content === editing.message) return onCancelEdit();
      setBusy(true);
      const ok = await onSaveEdit(editing.id, content);
      setBusy(false);
      if (ok) onCancelEdit();
      return;
    }
    // An empty message is ignored, unless it carries attachments (docs/attachments.md).
    if (!content && uploads.ids.length === 0) return;
    if (uploads.busy) return;
    setBusy(true);
    const ok = await onSend({
      content,
      replyTo: replyTo?.id ?? null,
      mentions: mentionsForSend(content, picker.mentions),
      attachments: uploads.ids,
    });
    setBusy(false);
    if (ok) {
      setDraft('');
      uploads.reset();
      picker.reset();
      onCancelReply();
    }
  };

  const pick = (username: string) => {
    const el = textarea.current;
    const applied = picker.pick(draft, el?.selectionStart ?? draft.length, username);
    if (!applied) return;
    setDraft(applied.text);
    requestAnimationFrame(() => el?.setSelectionRange(applied.caret, applied.caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (picker.open && !editing) {
      const keys: Record<string, () => void> = {
        ArrowDown: () => picker.move(1),
        ArrowUp: () => picker.move(-1),
        Enter: () => pick(picker.usernames[picker.active] ?? ''),
        Tab: () => pick(picker.usernames[picker.active] ?? ''),
        Escape: () => picker.dismiss(),
      };
      const action = keys[event.key];
      if (action && !event.shiftKey) {
        event.preventDefault();
        action();
        return;
      }
    }
    if (event.key === 'Escape') {
      if (editing) onCancelEdit();
      else if (replyTo) onCancelReply();
      else return;
      event.preventDefault();
    } else if (event.key === 'ArrowUp' && !editing && value === '') {
      event.preventDefault();
      onEditLast();
    } else if (event.key === 'Enter' && (!event.shiftKey || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div
      ref={root}
      data-testid="composer"
      className={cn(
        'border-t border-border bg-surface px-3 pt-3 pb-2 sm:px-4',
        dragging && 'outline-2 -outline-offset-2 outline-accent',
      )}
      onDragOver={(event) => {
        if (!attaching || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        setDragging(false);
        if (!attaching || event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        uploads.add(event.dataTransfer.files);
      }}
    >
      {dragging ? <p className="mb-2 text-xs text-accent-text">{ATTACHMENT_TEXTS.dropHere}</p> : null}
      {attaching ? <PendingAttachments uploads={uploads.uploads} onRemove={uploads.remove} /> : null}
      {/* The suggestions open above the reply bar, never over it. */}
      <div className="relative">
        {picker.open && !editing ? (
          <MentionSuggestions id={listId} usernames={picker.usernames} active={picker.active} onPick={pick} />
        ) : null}
        {editing ? (
          <div className="flex items-center gap-2 rounded-t-lg border border-b-0 border-border bg-surface-2 px-3 py-2 text-xs text-muted-fg">
            <Pencil aria-hidden="true" className="size-3.5" />
            <span className="flex-1">Editing message · Ctrl+Enter to save, Escape to cancel</span>
            <button
              type="button"
              aria-label="Cancel edit"
              onClick={onCancelEdit}
              className="rounded-md p-1 hover:bg-surface hover:text-fg"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : replyTo ? (
          <ReplyBar message={replyTo} onCancel={onCancelReply} />
        ) : null}
        <div className="flex items-end gap-2">
          {attaching ? <AttachButton onFiles={uploads.add} /> : null}
          <textarea
            ref={textarea}
            rows={3}
            value={value}
            aria-label={editing ? 'Edit message' : 'Message'}
            aria-controls={picker.open ? listId : undefined}
            aria-activedescendant={picker.open ? `${listId}-${picker.active}` : undefined}
            placeholder={editing ? 'Edit your message' : 'Write a message… (Markdown, @mentions)'}
            onChange={(event) => {
              const next = event.target.value;
              if (editing) return setEditText(next);
              picker.track(draft, next, event.target.selectionStart);
              setDraft(next);
              if (next.trim()) onTyping?.();
            }}
            onSelect={(event) => !editing && picker.track(draft, draft, event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={(event) => {
              // A pasted screenshot or file becomes an attachment; pasted text stays text.
              const files = [...event.clipboardData.files];
              if (!attaching || files.length === 0) return;
              event.preventDefault();
              uploads.add(files);
            }}
            className={cn(
              'min-h-[4.5rem] flex-1 resize-none rounded-md border border-border-strong bg-surface px-3 py-2 text-sm text-fg',
              'placeholder:text-muted-fg focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
              (editing || replyTo) && 'rounded-t-none',
            )}
          />
          <Button
            onClick={() => void submit()}
            loading={busy}
            // Nothing to send while the text is empty or only spaces (and nothing is attached),
            // nor while an upload is on its way.
            disabled={editing ? length === 0 : (length === 0 && uploads.ids.length === 0) || uploads.busy}
            aria-label={editing ? 'Save' : 'Send'}
            className="h-[4.5rem]"
          >
            {busy ? null : <SendHorizontal aria-hidden="true" className="size-4" />}
            <span className="hidden sm:inline">{editing ? 'Save' : 'Send'}</span>
          </Button>
        </div>
      </div>
      <p className={cn('mt-1 flex justify-between gap-2 text-xs text-muted-fg')}>
        <span className="hidden sm:inline">
          Enter to send · Shift+Enter for a new line · ↑ to edit your last message
        </span>
        {attaching ? (
          <span className="hidden md:inline" data-testid="attachment-hint">
            {ATTACHMENT_TEXTS.hint(megabytes(uploads.limits?.max_bytes ?? ATTACHMENT_LIMITS.maxBytesDefault))}
            {uploads.limits
              ? ` · ${ATTACHMENT_TEXTS.quotaUsage(megabytes(uploads.limits.used_bytes), megabytes(uploads.limits.quota_bytes))}`
              : null}
          </span>
        ) : null}
        <span
          className={cn('ml-auto', length > LIMITS.messageMax && 'font-medium text-danger-text')}
          aria-live="polite"
          data-testid="char-counter"
        >
          {length >= LIMITS.composerCounterFrom ? `${length}/${LIMITS.messageMax}` : ''}
        </span>
      </p>
    </div>
  );
}
