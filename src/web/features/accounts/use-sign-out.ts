/** Signing out (this device) or everywhere: the server ends the session(s), then the client forgets it and goes to `/`. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useSignOutEverywhereMutation, useSignOutMutation } from './accounts.api';
import { endSession } from './session-actions';

export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signOut, here] = useSignOutMutation();
  const [signOutEverywhere, everywhere] = useSignOutEverywhereMutation();

  const finish = useCallback(
    async (call: () => Promise<unknown>) => {
      // Signed out locally even when the server cannot be reached: the token may be stolen, not the device.
      await call().catch(() => undefined);
      endSession(dispatch);
      navigate('/', { replace: true });
    },
    [dispatch, navigate],
  );

  return {
    signOut: () => finish(() => signOut().unwrap()),
    signOutEverywhere: () => finish(() => signOutEverywhere().unwrap()),
    pending: here.isLoading || everywhere.isLoading,
  };
}
