/**
 * The team endpoints (src/server/features/team/team.routes.ts), typed by the shared contracts. Every
 * change refetches the team; joining a truck refetches the truck list and the session (the access
 * list now names the truck).
 */
import type { Joined } from '@domain/team';
import type { Invitation, InvitationPreview, Invite, Team } from '@domain/team';
import { api } from '../../app/api';

const teamTag = (truckId: string) => [{ type: 'Team' as const, id: truckId }];

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    team: build.query<Team, string>({ query: (truckId) => `/trucks/${truckId}/team`, providesTags: (_r, _e, truckId) => teamTag(truckId) }),
    invite: build.mutation<Invitation, { truckId: string; body: Invite }>({
      query: ({ truckId, body }) => ({ url: `/trucks/${truckId}/team/invitations`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { truckId }) => teamTag(truckId),
    }),
    resendInvitation: build.mutation<Invitation, { truckId: string; invitationId: string }>({
      query: ({ truckId, invitationId }) => ({ url: `/trucks/${truckId}/team/invitations/${invitationId}/resend`, method: 'POST' }),
      invalidatesTags: (_r, _e, { truckId }) => teamTag(truckId),
    }),
    withdrawInvitation: build.mutation<void, { truckId: string; invitationId: string }>({
      query: ({ truckId, invitationId }) => ({ url: `/trucks/${truckId}/team/invitations/${invitationId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { truckId }) => teamTag(truckId),
    }),
    removeMember: build.mutation<void, { truckId: string; userId: string }>({
      query: ({ truckId, userId }) => ({ url: `/trucks/${truckId}/team/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { truckId }) => teamTag(truckId),
    }),
    invitationPreview: build.query<InvitationPreview, string>({ query: (token) => ({ url: '/invitations/preview', method: 'POST', body: { token } }) }),
    acceptInvitation: build.mutation<Joined, string>({
      query: (token) => ({ url: '/invitations/accept', method: 'POST', body: { token } }),
      invalidatesTags: [{ type: 'Truck', id: 'LIST' }, 'Session'],
    }),
  }),
});

export const {
  useTeamQuery,
  useInviteMutation,
  useResendInvitationMutation,
  useWithdrawInvitationMutation,
  useRemoveMemberMutation,
  useInvitationPreviewQuery,
  useAcceptInvitationMutation,
} = teamApi;
