import { useState, type KeyboardEvent } from 'react';
import { Pencil } from 'lucide-react';
import { toast } from 'sonner';
import { CHAT_TEXTS, LIMITS, roomNameSchema } from '@studium/protocol';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { errorText } from '../../../lib/api-client';
import { useRenameRoom } from '../api/rename-room';

interface RoomNameEditorProps {
  roomId: number;
  name: string;
  canRename: boolean;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

/** The room name, and its inline rename editor (Enter saves, Escape cancels). */
export function RoomNameEditor({ roomId, name, canRename, editing, onEditingChange }: RoomNameEditorProps) {
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameRoom(roomId);

  const start = () => {
    setDraft(name);
    setError(null);
    onEditingChange(true);
  };
  const cancel = () => {
    setError(null);
    onEditingChange(false);
  };
  const save = () => {
    if (rename.isPending) return; // one save at a time
    // The server's own rule (trimmed, required, at most 120 characters) with its texts.
    const result = roomNameSchema.safeParse(draft);
    if (!result.success) return setError(result.error.issues[0]?.message ?? CHAT_TEXTS.rooms.nameRequired);
    if (result.data === name) return cancel();
    rename.mutate(result.data, {
      onSuccess: () => {
        toast.success(CHAT_TEXTS.rooms.renamed);
        onEditingChange(false);
      },
      onError: (err) => toast.error(errorText(err, CHAT_TEXTS.rooms.renameFailed)),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (!editing) {
    return (
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-base font-semibold break-words text-fg">{name}</p>
        {canRename ? (
          <Button variant="secondary" size="sm" onClick={start}>
            <Pencil aria-hidden="true" className="size-4" />
            Rename
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <Field label="Room name" error={error}>
        {(ids) => (
          <Input
            {...ids}
            autoFocus
            value={draft}
            maxLength={LIMITS.roomNameMax}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            onKeyDown={onKeyDown}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={cancel} disabled={rename.isPending}>
          Cancel
        </Button>
        <Button size="sm" onClick={save} loading={rename.isPending} aria-disabled={rename.isPending}>
          Save
        </Button>
      </div>
    </div>
  );
}
