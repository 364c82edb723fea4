/**
 * The new-order ring, made with the Web Audio API (no sound file to fetch). Browsers let a page
 * play sound only after a user gesture: `unlock()` is called from one (any tap or key on the page),
 * and until then `chime()` stays silent and `canRing()` says so, so the screen can ask for a tap.
 */
type AudioContextClass = typeof AudioContext;

const audioContextClass = (): AudioContextClass | undefined =>
  typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);

/** Two notes, a bell-like attack and a quick fade: audible over a kitchen, short enough to repeat. */
const NOTES = [
  { frequency: 988, at: 0 },
  { frequency: 784, at: 0.22 },
] as const;
const NOTE_SECONDS = 0.5;

export interface Ringer {
  unlock(): void;
  canRing(): boolean;
  chime(): void;
}

export function createRinger(): Ringer {
  let context: AudioContext | undefined;
  return {
    unlock() {
      const Context = audioContextClass();
      if (!Context) return;
      context ??= new Context();
      if (context.state === 'suspended') void context.resume();
    },
    canRing() {
      return context?.state === 'running';
    },
    chime() {
      if (context?.state !== 'running') return;
      const start = context.currentTime;
      for (const note of NOTES) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = 'triangle';
        oscillator.frequency.value = note.frequency;
        gain.gain.setValueAtTime(0.0001, start + note.at);
        gain.gain.exponentialRampToValueAtTime(0.6, start + note.at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + NOTE_SECONDS);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(start + note.at);
        oscillator.stop(start + note.at + NOTE_SECONDS);
      }
    },
  };
}
