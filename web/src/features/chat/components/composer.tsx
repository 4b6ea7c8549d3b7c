import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { SendHorizontal } from 'lucide-react';
import { toast } from 'sonner';
import { ATTACHMENT_TEXTS, CHAT_TEXTS, LIMITS, normalizeMessage, type ChatMessage } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { AttachButton, PendingAttachments, useAttachmentUploads } from '../../attachments';
import { loadDraft, saveDraft, saveEditDraft, watchDraft } from '../../unread';
import type { OutgoingDraft } from '../hooks/use-room-actions';
import { useComposerHandle, type ComposerHandle } from '../hooks/use-composer-handle';
import { useComposerHeight } from '../hooks/use-composer-height';
import { useEnterSends } from '../hooks/use-enter-sends';
import { useComposerSuggestions } from '../hooks/use-composer-suggestions';
import { useFileDrop } from '../hooks/use-file-drop';
import type { TextEdit } from '../hooks/use-shortcode-picker';
import { composerKeyDown } from '../lib/composer-keys';
import { mentionsForSend } from '../lib/mentions';
import { replaceRange } from '../lib/shortcodes';
import { ComposerFooter } from './composer-footer';
import { EditBar } from './edit-bar';
import { EmojiPickerButton } from './emoji-picker-button';
import { ReplyBar } from './reply-bar';
import { SuggestionList } from './suggestion-list';

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
  /** The room bot's handle, offered among the mentions where the room allows it. */
  bot?: string;
  /** A room's composer before the room is known (its frame, chat-room.tsx): shown, nothing to type, attach or send. */
  disabled?: boolean;
  ref?: Ref<ComposerHandle>;
}

/**
 * 3-row input with Send; reply bar, mention and emoji suggestions, an emoji picker and edit mode
 * (docs/chat.md); files attached by the paperclip, by dropping them on the composer or by pasting
 * (docs/attachments.md).
 */
// As tall as the input, like the paperclip beside it.
const emojiButtonClasses =
  'flex h-[4.5rem] items-center rounded-md border border-border-strong px-2 text-muted-fg hover:bg-surface-2 hover:text-fg disabled:opacity-50';

export function Composer(props: ComposerProps) {
  const { me, roomId, replyTo, editing, onCancelReply, onCancelEdit, onEditLast, onSend, onSaveEdit } = props;
  const { draftKey, onDraftChange, onTyping, editText: openingEditText, bot, disabled, ref } = props;
  const uploads = useAttachmentUploads(roomId);
  // Attachments go with new messages in a room, never with an edit.
  const attaching = roomId !== undefined && !editing;
  const drop = useFileDrop(attaching, uploads.add);
  const [draft, setDraftState] = useState(() => (draftKey ? loadDraft(draftKey) : ''));
  /** The text as it changes here: shown, and kept (it survives a reload; sending empties it). */
  const setDraft = (next: string) => {
    setDraftState(next);
    onDraftChange?.(next);
    if (draftKey) saveDraft(draftKey, next);
  };
  const [editText, setEditText] = useState(openingEditText ?? editing?.message ?? '');
  const [editingId, setEditingId] = useState<number | null>(editing?.id ?? null);
  if ((editing?.id ?? null) !== editingId) {
    setEditingId(editing?.id ?? null);
    setEditText(openingEditText ?? editing?.message ?? '');
  }
  const [busy, setBusy] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useComposerHandle(ref, draft, editing ? { id: editing.id, text: editText } : null, (text) => {
    setDraft(text);
    textarea.current?.focus();
  });
  const enterSends = useEnterSends();
  const value = editing ? editText : draft;
  const length = normalizeMessage(value).length;
  const root = useRef<HTMLDivElement>(null);
  useComposerHeight(root);

  // The caret an edit asked for, put in place as soon as the new text is in the input: before the
  // next key is typed, so fast typing after a shortcode turns into its emoji lands after it.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null) return;
    pendingCaret.current = null;
    textarea.current?.setSelectionRange(caret, caret);
  });
  /** Puts new text in the input (the draft or the edit), and the caret where an edit says. */
  const setText = (next: string, caret?: number) => {
    // The same text renders nothing: the caret moves at once.
    if (next === value && caret !== undefined) return textarea.current?.setSelectionRange(caret, caret);
    if (editing) {
      setEditText(next);
      // The edit being typed survives a reload and a visit elsewhere, as the draft does.
      if (draftKey) saveEditDraft(draftKey, { id: editing.id, text: next });
    } else setDraft(next);
    if (caret !== undefined) pendingCaret.current = caret;
  };
  const apply = (edit: TextEdit) => setText(edit.text, edit.caret);
  const suggest = useComposerSuggestions({
    me,
    bot,
    editing: editing !== null,
    value,
    draft,
    caret: () => textarea.current?.selectionStart ?? value.length,
    apply,
  });
  // The picker's emoji goes where the caret was (over any selection); focus comes back after.
  const insertEmoji = (emoji: string) => {
    const el = textarea.current;
    apply(replaceRange(value, el?.selectionStart ?? value.length, el?.selectionEnd ?? value.length, emoji));
  };

  useEffect(() => {
    textarea.current?.focus();
  }, [replyTo?.id, editing?.id]);

  // Another tab of the room typed or sent: this one shows the same draft (docs/unread.md). What it
  // takes from there is only shown, never written back: by then that tab may have typed on, and
  // writing the older text would undo its last keys.
  const adoptDraft = useEffectEvent((text: string) => {
    if (text === draft) return;
    setDraftState(text);
    onDraftChange?.(text);
  });
  useEffect(() => (draftKey ? watchDraft(draftKey, adoptDraft) : undefined), [draftKey]);

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
      mentions: mentionsForSend(content, suggest.mentions),
      attachments: uploads.ids,
    });
    setBusy(false);
    if (ok) {
      setDraft('');
      uploads.reset();
      suggest.reset();
      onCancelReply();
    }
  };

  return (
    <div
      ref={root}
      data-testid="composer"
      className={cn(
        'border-t border-border bg-surface px-3 pt-3 pb-2 sm:px-4',
        drop.dragging && 'outline-2 -outline-offset-2 outline-accent',
      )}
      {...drop.handlers}
    >
      {drop.dragging ? <p className="mb-2 text-xs text-accent-text">{ATTACHMENT_TEXTS.dropHere}</p> : null}
      {attaching ? <PendingAttachments uploads={uploads.uploads} onRemove={uploads.remove} /> : null}
      {/* The suggestions open above the reply bar, never over it. */}
      <div className="relative">
        {suggest.list ? <SuggestionList id={suggest.id} {...suggest.list} /> : null}
        {editing ? (
          <EditBar enterSends={enterSends} onCancel={onCancelEdit} />
        ) : replyTo ? (
          <ReplyBar message={replyTo} onCancel={onCancelReply} />
        ) : null}
        <div className="flex items-end gap-2">
          {attaching || disabled ? <AttachButton onFiles={uploads.add} disabled={disabled} /> : null}
          <EmojiPickerButton
            disabled={disabled}
            label={CHAT_TEXTS.composer.insertEmoji}
            pickerLabel={CHAT_TEXTS.composer.pickEmoji}
            className={emojiButtonClasses}
            onPick={insertEmoji}
            onClosed={() => textarea.current?.focus()}
          />
          <textarea
            ref={textarea}
            rows={3}
            disabled={disabled}
            value={value}
            aria-label={editing ? 'Edit message' : 'Message'}
            aria-controls={suggest.list ? suggest.id : undefined}
            aria-activedescendant={suggest.activeId}
            enterKeyHint={enterSends ? 'send' : 'enter'}
            placeholder={editing ? 'Edit your message' : 'Write a message… (Markdown, @mentions)'}
            onChange={(event) => {
              const shown = suggest.track(value, event.target.value, event.target.selectionStart);
              setText(shown.text, shown.text === event.target.value ? undefined : shown.caret);
              if (!editing && shown.text.trim()) onTyping?.();
            }}
            onSelect={(event) => suggest.track(value, value, event.currentTarget.selectionStart)}
            onKeyDown={(event) =>
              composerKeyDown(event, {
                suggestions: suggest.keys,
                enterSends,
                submit: () => void submit(),
                onEscape: () => {
                  if (editing) onCancelEdit();
                  else if (replyTo) onCancelReply();
                  return Boolean(editing || replyTo);
                },
                onArrowUp: () => {
                  if (editing || value !== '') return false;
                  onEditLast();
                  return true;
                },
              })
            }
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
      <ComposerFooter
        enterSends={enterSends}
        attachments={attaching || disabled ? { limits: uploads.limits } : null}
        length={length}
      />
    </div>
  );
}
