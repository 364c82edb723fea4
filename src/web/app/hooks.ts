import { startTransition, useEffect, useReducer, useRef } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { AppDispatch, RootState } from './store';

type EqualityFn<T> = (a: T, b: T) => boolean;

/**
 * react-redux's useSelector, except that a store change re-renders in a transition. react-redux reads
 * the store through useSyncExternalStore, whose updates React always renders in one go: each answer
 * of the server (the session, the trucks, a screen's data) re-rendered the screen in a single task
 * of 100–400 ms on a mid-range phone, during which a tap waited (decision 015). In a transition React
 * renders a few milliseconds at a time and lets input in between, and a newer store state takes over
 * an unfinished render.
 *
 * The value is read from the store as the component renders, so a render never shows older state
 * than the store had when it began; between renders the store is watched from an effect (a change
 * made before the effect ran is checked for there).
 */
export function useTransitionSelector<State, Selected>(
  selector: (state: State) => Selected,
  equality?: EqualityFn<Selected> | { equalityFn?: EqualityFn<Selected> },
): Selected {
  const store = useStore<State>();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const selected = selector(store.getState());
  const equalityFn = (typeof equality === 'function' ? equality : equality?.equalityFn) ?? Object.is;
  const latest = useRef({ selector, selected, equalityFn });
  useEffect(() => {
    latest.current = { selector, selected, equalityFn };
  });
  useEffect(() => {
    const check = () => {
      const { selector, selected, equalityFn } = latest.current;
      let next: Selected;
      try {
        next = selector(store.getState());
      } catch {
        // Stale props (a parent about to drop this component): its render decides.
        startTransition(rerender);
        return;
      }
      if (!equalityFn(next, selected)) startTransition(rerender);
    };
    check();
    return store.subscribe(check);
  }, [store]);
  return selected;
}

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector: <Selected>(selector: (state: RootState) => Selected, equality?: EqualityFn<Selected>) => Selected = useTransitionSelector;
