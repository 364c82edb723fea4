/**
 * A truck's team (docs/product.md §2.3): the owner invites staff by email; the invitee follows the
 * mailed link, signs up or signs in with that address and joins the truck as Staff; the owner can
 * resend or withdraw an invitation and remove a member, who loses the truck on their very next request.
 * What staff may do is in ./access.ts (TRUCK_PERMISSIONS).
 */
import { z } from 'zod';
import { EmailSchema, FullNameSchema } from '../accounts';

/** An invitation link works for this long after it was (re)sent. */
export const INVITATION_DAYS = 7;
/** Invitations and resends per truck per hour, and per owner per hour across their trucks. */
export const INVITE_LIMITS = { perTruckPerHour: 20, perOwnerPerHour: 40 } as const;

export const INVITATION_STATES = ['pending', 'expired', 'accepted', 'withdrawn', 'superseded'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/**
 * What a link says about itself: pending (can be accepted), expired, accepted (used), withdrawn,
 * or superseded by a newer mail for the same invitation.
 */
export function invitationState(
  invitation: { acceptedAt: Date | null; withdrawnAt: Date | null; expiresAt: Date },
  now: Date,
  current = true,
): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.withdrawnAt) return 'withdrawn';
  if (!current) return 'superseded';
  if (invitation.expiresAt <= now) return 'expired';
  return 'pending';
}

export const InviteSchema = z.strictObject({
  email: EmailSchema,
  name: FullNameSchema.optional(),
});
export type Invite = z.infer<typeof InviteSchema>;

const TimestampSchema = z.iso.datetime({ offset: true });
const PersonSchema = z.object({ id: z.uuid(), email: z.string(), fullName: z.string().nullable() });

export const TeamMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(['owner', 'staff']),
  /** When they joined (the owner: when the truck was registered). */
  since: TimestampSchema,
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const InvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  state: z.enum(['pending', 'expired']),
  sentAt: TimestampSchema,
  expiresAt: TimestampSchema,
  invitedBy: PersonSchema.nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/**
 * What the owner lets the truck's staff see and do. Off by default: staff see today's orders and
 * bookings on /home, and the revenue and sales figures only once the owner turns `staffSeesRevenue`
 * on; they give money back on paid orders only once the owner turns `staffMayRefund` on
 * (domain/access.ts STAFF_GRANTS).
 */
export const TeamSettingsSchema = z.strictObject({
  staffSeesRevenue: z.boolean(),
  staffMayRefund: z.boolean(),
});
export type TeamSettings = z.infer<typeof TeamSettingsSchema>;

/** A change of the settings: the switches sent change, the others stay. */
export const TeamSettingsPatchSchema = TeamSettingsSchema.partial();
export type TeamSettingsPatch = z.infer<typeof TeamSettingsPatchSchema>;

/** The team section: the owner, the staff, the invitations not yet accepted or withdrawn, and the settings. */
export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  invitations: z.array(InvitationSchema),
  settings: TeamSettingsSchema,
});
export type Team = z.infer<typeof TeamSchema>;

export const InvitationTokenSchema = z.strictObject({ token: z.string().min(1).max(400) });

/** What the link's page shows before anyone signs in. */
export const InvitationPreviewSchema = z.object({
  state: z.enum(INVITATION_STATES),
  email: z.string(),
  name: z.string().nullable(),
  truck: z.object({ nameEn: z.string(), nameAr: z.string() }),
  invitedBy: z.string().nullable(),
  expiresAt: TimestampSchema,
  /** An account with the invited address exists: the page offers sign-in rather than sign-up. */
  accountExists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const JoinedSchema = z.object({ truckId: z.uuid() });
export type Joined = z.infer<typeof JoinedSchema>;

/** The live event every stream of the truck receives when a member is removed; theirs then closes. */
export const MEMBER_REMOVED_EVENT = 'team.member_removed';
