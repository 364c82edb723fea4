/**
 * Drag and drop with the browser's own (HTML5) events, for rows of one kind (categories or items):
 * dragging by a handle, dropping before a row or at the end of a list. The handlers stay the same
 * object for the life of the screen, so memoized rows do not re-render while something is dragged
 * over their neighbours. Keyboard and touch users move rows with the up/down buttons instead.
 */
import { useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';

/** `zone`: the list dropped into (a category for items); `beforeId`: null for its end. */
export type DropHandler = (draggedId: string, beforeId: string | null, zone: string) => void;

export interface DragHandlers {
  start(id: string, event: DragEvent): void;
  over(targetKey: string, event: DragEvent): void;
  leave(targetKey: string): void;
  drop(zone: string, beforeId: string | null, event: DragEvent): void;
  end(): void;
}

/** The key a drop target reports while something is dragged over it: a row's id, or the end of a zone. */
export const endOf = (zone: string) => `end:${zone}`;

export function useDragReorder(kind: 'category' | 'item', onDrop: DropHandler): { overKey: string | null; handlers: DragHandlers } {
  const [overKey, setOverKey] = useState<string | null>(null);
  const latestDrop = useRef(onDrop);
  useLayoutEffect(() => {
    latestDrop.current = onDrop;
  });
  const mime = `application/x-truckdesk-${kind}`;

  const handlers = useMemo<DragHandlers>(
    () => ({
      start(id, event) {
        event.dataTransfer.setData(mime, id);
        // Firefox starts a drag only with some data it knows.
        event.dataTransfer.setData('text/plain', id);
        event.dataTransfer.effectAllowed = 'move';
      },
      over(targetKey, event) {
        if (!event.dataTransfer.types.includes(mime)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOverKey(targetKey);
      },
      leave(targetKey) {
        setOverKey((current) => (current === targetKey ? null : current));
      },
      drop(zone, beforeId, event) {
        setOverKey(null);
        const id = event.dataTransfer.getData(mime);
        if (!id) return;
        event.preventDefault();
        if (id !== beforeId) latestDrop.current(id, beforeId, zone);
      },
      end() {
        setOverKey(null);
      },
    }),
    [mime],
  );
  return { overKey, handlers };
}
