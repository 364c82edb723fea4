/**
 * Sections other features add to /truck-info, each its own component loaded with the page (the
 * trucks feature cannot import them; the app can). Each decides from the caller's relation to the
 * truck whether it shows.
 */
import { mayOnTruck } from '@domain/access';
import type { TruckRelation } from '@domain/trucks';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const TeamSection = lazy(() => import('../features/team/team-section'));

export function TruckInfoSections({ truckId, relation }: { truckId: string; relation: TruckRelation }) {
  const canManageTeam = relation !== 'admin' && mayOnTruck(relation, 'team.manage');
  if (!canManageTeam) return null;
  return (
    <Suspense fallback={<Skeleton active />}>
      <TeamSection truckId={truckId} />
    </Suspense>
  );
}
