import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Pencil, SendHorizontal, X } from 'lucide-react';
import { toast } from 'sonner';
import { CHAT_TEXTS, LIMITS, normalizeMessage, type ChatMessage } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { loadDraft, saveDraft } from '../../unread/lib/drafts';
import type { OutgoingDraft } from '../hooks/use-chat-room';
import { useMentionPicker } from '../hooks/use-mention-picker';
import { mentionsForSend } from '../lib/mentions';
import { MentionSuggestions } from './mention-suggestions';
import { ReplyBar } from './reply-bar';

interface ComposerProps {
  me: string | null;
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  onCancelReply: () => void;
  onCancelEdit: () => void;
  onEditLast: () => void;
  onSend: (draft: OutgoingDraft) => Promise<boolean>;
  onSaveEdit: (id: number, content: string) => Promise<boolean>;
  /** Where the unsent text is kept across reloads (per user and room); none keeps nothing. */
  draftKey?: string;
  /** Called on every keystroke of a new message (the presence feature throttles it). */
  onTyping?: () => void;
}

/** 3-row input with Send; reply bar, mention suggestions and edit mode (docs/chat.md). */
export function Composer(props: ComposerProps) {
  const { me, replyTo, editing, onCancelReply, onCancelEdit, onEditLast, onSend, onSaveEdit, draftKey } =
    props;
  const [draft, setDraft] = useState(() => (draftKey ? loadDraft(draftKey) : ''));
  const [editText, setEditText] = useState(editing?.message ?? '');
  const [editingId, setEditingId] = useState<number | null>(editing?.id ?? null);
  if ((editing?.id ?? null) !== editingId) {
    setEditingId(editing?.id ?? null);
    setEditText(editing?.message ?? '');
  }
  const [busy, setBusy] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
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
    if (!content) return; // an empty message is ignored
    setBusy(true);
    const ok = await onSend({
      content,
      replyTo: replyTo?.id ?? null,
      mentions: mentionsForSend(content, picker.mentions),
    });
    setBusy(false);
    if (ok) {
      setDraft('');
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
    <div ref={root} className="border-t border-border bg-surface px-3 pt-3 pb-2 sm:px-4">
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
              if (next.trim()) props.onTyping?.();
            }}
            onSelect={(event) => !editing && picker.track(draft, draft, event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            className={cn(
              'min-h-[4.5rem] flex-1 resize-none rounded-md border border-border-strong bg-surface px-3 py-2 text-sm text-fg',
              'placeholder:text-muted-fg focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
              (editing || replyTo) && 'rounded-t-none',
            )}
          />
          <Button
            onClick={() => void submit()}
            loading={busy}
            // Nothing to send while the text is empty or only spaces.
            disabled={length === 0}
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
