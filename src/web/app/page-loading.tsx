/**
 * A screen whose data is loading for the first time: it renders this instead of its content, and the
 * seed's full-screen overlay (`loading.page`, drawn by the app frame) covers the page until the screen
 * replaces it with what it loaded. Several at once (a screen and the section inside it) share the flag:
 * it drops when the last one goes.
 */
import { useEffect } from 'react';
import { useAppDispatch } from './hooks';
import { setPageLoading } from './loading.slice';

let showing = 0;

export function PageLoading() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    showing += 1;
    if (showing === 1) dispatch(setPageLoading(true));
    return () => {
      showing -= 1;
      if (showing === 0) dispatch(setPageLoading(false));
    };
  }, [dispatch]);
  return null;
}
