import { Pencil } from 'lucide-react';
import { CHAT_TEXTS } from '@studium/protocol';
import { ComposerBar } from './composer-bar';

/** Above the input while a message is edited: what the keys do (as they really do), and Cancel. */
export function EditBar({ enterSends, onCancel }: { enterSends: boolean; onCancel: () => void }) {
  return (
    <ComposerBar cancelLabel="Cancel edit" onCancel={onCancel}>
      <Pencil aria-hidden="true" className="size-3.5" />
      <span className="flex-1" data-testid="edit-hint">
        {CHAT_TEXTS.composer.editHint(enterSends)}
      </span>
    </ComposerBar>
  );
}
