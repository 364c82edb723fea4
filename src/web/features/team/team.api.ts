/**
 * The team endpoints (src/server/features/team/team.routes.ts), typed by the shared contracts. Every
 * change refetches the team (the settings' switch shows its new state at once, and flips back if the
 * server refuses); joining a truck refetches the truck list and the session (the access list now
 * names the truck).
 */
import type { Joined } from '@domain/team';
import type { Invitation, InvitationPreview, Invite, Team, TeamSettings } from '@domain/team';
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
    updateTeamSettings: build.mutation<TeamSettings, { truckId: string; body: TeamSettings }>({
      query: ({ truckId, body }) => ({ url: `/trucks/${truckId}/team/settings`, method: 'PATCH', body }),
      async onQueryStarted({ truckId, body }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          teamApi.util.updateQueryData('team', truckId, (team) => {
            team.settings = { ...team.settings, ...body };
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
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
  useUpdateTeamSettingsMutation,
  useInvitationPreviewQuery,
  useAcceptInvitationMutation,
} = teamApi;
