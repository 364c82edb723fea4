/**
 * Keeps the screen on while `wanted` (the Screen Wake Lock API, where the browser has it): a tablet
 * on the counter must not go dark and miss a ring. The browser drops the lock whenever the page is
 * hidden; it is asked for again when the page shows. Without the API, `supported` is false and the
 * screen says so next to its switch.
 */
import { useEffect, useState } from 'react';

export interface WakeLockState {
  supported: boolean;
  /** The screen is being kept on right now. */
  held: boolean;
}

const wakeLockApi = (): WakeLock | undefined => (typeof navigator === 'undefined' ? undefined : navigator.wakeLock);

export function useWakeLock(wanted: boolean): WakeLockState {
  const supported = wakeLockApi() !== undefined;
  const [held, setHeld] = useState(false);

  useEffect(() => {
    const api = wakeLockApi();
    if (!wanted || !api) return;
    let sentinel: WakeLockSentinel | undefined;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await api.request('screen');
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setHeld(true);
        lock.addEventListener('release', () => {
          if (sentinel === lock) setHeld(false);
        });
      } catch {
        // Refused (battery saver, a hidden page): the switch shows it is not held.
        setHeld(false);
      }
    };
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
      setHeld(false);
    };
  }, [wanted]);

  return { supported, held };
}
