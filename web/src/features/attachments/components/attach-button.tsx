import { useRef } from 'react';
import { Paperclip } from 'lucide-react';
import { ATTACHMENT_TEXTS } from '@studium/protocol';

/** The composer's paperclip: opens the file chooser; the chosen files go to `onFiles`. */
export function AttachButton({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        aria-label={ATTACHMENT_TEXTS.attach}
        title={ATTACHMENT_TEXTS.attach}
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="flex h-[4.5rem] items-center rounded-md border border-border-strong px-2 text-muted-fg hover:bg-surface-2 hover:text-fg disabled:opacity-50"
      >
        <Paperclip aria-hidden="true" className="size-4" />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
