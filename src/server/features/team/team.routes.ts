/**
 * The truck's team over HTTP. The owner lists, invites, resends, withdraws and removes, and sets
 * what staff may see (staff get
 * 403, anyone else the 404 of a truck that does not exist); the invitation link's page previews and
 * accepts with the token alone. The work is in team.service.ts.
 */
import { INVITATION_DAYS, INVITE_LIMITS, InvitationPreviewSchema, InvitationSchema, InvitationTokenSchema, InviteSchema, JoinedSchema, TeamSchema, TeamSettingsPatchSchema, TeamSettingsSchema } from '@domain/team';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireUser } from '../../platform/auth';
import { rateLimited } from '../../platform/rate-limits';
import { can, truckGuard } from '../../platform/truck-access';
import { bearer, NoContent, truckOf, TruckParams, truckRouteOptions } from '../../platform/truck-routes';
import { createTeamService } from './team.service';

const tags = ['team'];
const truckRoute = truckRouteOptions(tags);
const manageTeam = truckGuard(can('team.manage'));
const InvitationParams = TruckParams.extend({ invitationId: z.string() });
const MemberParams = TruckParams.extend({ userId: z.string() });

const HOUR = 60 * 60_000;
const byTruck = (request: FastifyRequest) => `team-truck:${(request.params as { truckId: string }).truckId}`;
const byOwner = (request: FastifyRequest) => `team-owner:${request.caller?.userId ?? request.ip}`;
const byIp = (request: FastifyRequest) => `team-ip:${request.ip}`;

export async function teamRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const team = createTeamService(instance);
  // Every mail sent counts: a new invitation and a resend alike.
  const mailLimit = rateLimited(instance, [
    { max: INVITE_LIMITS.perTruckPerHour, window: HOUR, key: byTruck },
    { max: INVITE_LIMITS.perOwnerPerHour, window: HOUR, key: byOwner },
  ]);
  const linkLimit = rateLimited(instance, [{ max: 60, window: 15 * 60_000, key: byIp }]);

  app.get(
    '/trucks/:truckId/team',
    truckRoute(manageTeam, { summary: 'The truck’s team: the owner, the staff, and invitations not yet accepted or withdrawn', response: { 200: TeamSchema } }),
    async (request) => team.view(truckOf(request)),
  );

  app.patch(
    '/trucks/:truckId/team/settings',
    truckRoute(manageTeam, {
      summary:
        'What the truck’s staff may see and do, from their next request: `staffSeesRevenue` (off by default) lets them see revenue and sales figures on /home, `staffMayRefund` (off by default) lets them give money back on paid orders. A switch not sent stays as it is',
      body: TeamSettingsPatchSchema,
      response: { 200: TeamSettingsSchema },
    }),
    async (request) => team.updateSettings(truckOf(request), request.body),
  );

  app.post(
    '/trucks/:truckId/team/invitations',
    {
      ...truckRoute(manageTeam, {
        summary: `Invite someone by email (name optional) to join as staff: a single-use link valid ${INVITATION_DAYS} days is mailed. 409 already_member or already_invited; 429 past ${INVITE_LIMITS.perTruckPerHour} mails an hour per truck`,
        body: InviteSchema,
        response: { 201: InvitationSchema },
      }),
      preHandler: mailLimit,
    },
    async (request, reply) => reply.status(201).send(await team.invite(truckOf(request), authOf(request), request.body)),
  );

  app.post(
    '/trucks/:truckId/team/invitations/:invitationId/resend',
    {
      ...truckRoute(manageTeam, {
        summary: `Mail the invitation again with a fresh link, valid for another ${INVITATION_DAYS} days; the earlier link stops working`,
        params: InvitationParams,
        response: { 200: InvitationSchema },
      }),
      preHandler: mailLimit,
    },
    async (request) => team.resend(truckOf(request), authOf(request), request.params.invitationId),
  );

  app.delete(
    '/trucks/:truckId/team/invitations/:invitationId',
    truckRoute(manageTeam, { summary: 'Withdraw an invitation: its link then says so', params: InvitationParams, response: { 204: NoContent } }),
    async (request, reply) => {
      await team.withdraw(truckOf(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/trucks/:truckId/team/members/:userId',
    truckRoute(manageTeam, {
      summary: 'Remove a staff member: their next request, on any server process, is refused, and their open event streams close',
      params: MemberParams,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await team.remove(truckOf(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/invitations/preview',
    {
      schema: {
        tags,
        summary: 'What an invitation link is: the truck, who invited whom, and its state (pending, expired, accepted, withdrawn or superseded). 404 invitation_invalid for a link that was never issued',
        body: InvitationTokenSchema,
        response: { 200: InvitationPreviewSchema },
      },
      preHandler: linkLimit,
    },
    async (request) => team.preview(request.body.token),
  );

  app.post(
    '/invitations/accept',
    {
      schema: {
        tags,
        summary:
          'Join the truck as staff, signed in with the invited address. 410 invitation_expired, invitation_used, invitation_withdrawn or invitation_superseded; 403 invitation_other_account; 409 already_member',
        security: bearer,
        body: InvitationTokenSchema,
        response: { 200: JoinedSchema },
      },
      // Signed in before the body is read: a stranger learns nothing from validation.
      preValidation: requireUser,
      preHandler: linkLimit,
    },
    async (request) => team.accept(request.body.token, authOf(request)),
  );
}
