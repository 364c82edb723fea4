/** The signed-in person, as a change made on this device names them in the order's history (decision 018). */
import { useAppSelector } from '../../app/hooks';

export interface Actor {
  id: string;
  name: string;
}

export function useActor(): Actor {
  const user = useAppSelector((s) => s.user.user) as { id?: string; fullName?: string | null; email?: string } | null;
  return { id: user?.id ?? '', name: user?.fullName || user?.email || '' };
}
