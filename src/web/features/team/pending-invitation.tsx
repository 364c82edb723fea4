/**
 * An invitation link opened before signing in: the token waits in local storage while the person
 * signs up or signs in, then the dashboard brings them back to the link's page to join. Light on
 * purpose: it ships with the dashboard's shell.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PENDING_INVITATION_KEY, readString, removeKeys, writeString } from '../../app/storage';

export function rememberInvitation(token: string): void {
  writeString(PENDING_INVITATION_KEY, token);
}

export function forgetInvitation(): void {
  removeKeys([PENDING_INVITATION_KEY]);
}

/** Rendered by the dashboard layout: once signed in, back to the invitation that was waiting. */
export function PendingInvitation() {
  const isLogin = useAppSelector((s) => s.auth.userModel.isLogin);
  const navigate = useNavigate();
  useEffect(() => {
    if (!isLogin) return;
    const token = readString(PENDING_INVITATION_KEY);
    if (!token) return;
    forgetInvitation();
    navigate(`/invite?token=${encodeURIComponent(token)}`, { replace: true });
  }, [isLogin, navigate]);
  return null;
}
