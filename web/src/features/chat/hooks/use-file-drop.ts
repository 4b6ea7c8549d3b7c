import { useState, type DragEvent } from 'react';

/** Files dropped on an element (the composer): whether some are over it, and its drag handlers. */
export function useFileDrop(enabled: boolean, onFiles: (files: FileList) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!enabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        setDragging(false);
        if (!enabled || event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        onFiles(event.dataTransfer.files);
      },
    },
  };
}
