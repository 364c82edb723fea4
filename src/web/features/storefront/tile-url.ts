/** The server's map tiles (GET /api/v1/config), read once when a map first opens. */
import { useEffect, useState } from 'react';
import type { PublicConfig } from '@domain/config';

let request: Promise<PublicConfig | null> | undefined;

function loadTiles(): Promise<PublicConfig | null> {
  request ??= fetch('/api/v1/config')
    .then((response) => (response.ok ? (response.json() as Promise<PublicConfig>) : null))
    .catch(() => null);
  return request;
}

/** undefined while being read; null when the server could not say (the map keeps its plain background). */
export function useTiles(): PublicConfig | null | undefined {
  const [tiles, setTiles] = useState<PublicConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadTiles().then((value) => live && setTiles(value));
    return () => {
      live = false;
    };
  }, []);
  return tiles;
}
