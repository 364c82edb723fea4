/**
 * Accounts contracts: one zod schema per request and reply, shared by the server's validation,
 * the OpenAPI document and the web forms. Refinements name their field code in params.code.
 */
import { z } from 'zod';
import { ACTIONS, ROLES, TRUCK_ROLES } from '../access';
import { isCommonPassword } from './common-passwords';
import { normalizePhone } from '../digits';
import { LANGS } from '../errors';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

export * from './limits';

const isEmail = (value: string) => z.email().safeParse(value).success;

/** Trimmed and lower-cased, so one address is one account whatever its case. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(254, { abort: true })
  .refine(isEmail, { params: { code: 'invalid_email' } })
  .meta({ format: 'email', example: 'vendor@example.com' });

export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH, { abort: true })
  .refine((password) => !isCommonPassword(password), { params: { code: 'weak_password' } });

/** A password being checked, not chosen: only bounded, so no policy hint leaks and no huge input is hashed. */
export const GivenPasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

/**
 * E.164 (+ country code and number, 8–15 digits); either digit system, spaces, dashes, dots, brackets
 * and a leading 00 are forgiven (../digits.ts, the forms' rule too).
 */
export const PhoneSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normalizePhone(value) : value),
  z
    .string()
    .max(20, { abort: true })
    .refine((phone) => /^\+[1-9]\d{7,14}$/.test(phone), { params: { code: 'invalid_phone' } })
    .meta({ example: '+96550001234' }),
);

export const FullNameSchema = z.string().trim().min(1).max(NAME_MAX_LENGTH);
export const LanguageSchema = z.enum(LANGS);

export const SignUpSchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  language: LanguageSchema.optional(),
});
export type SignUp = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.strictObject({ email: EmailSchema, password: GivenPasswordSchema });
export type SignIn = z.infer<typeof SignInSchema>;

export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: NewPasswordSchema,
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z.strictObject({
  currentPassword: GivenPasswordSchema,
  newPassword: NewPasswordSchema,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** The create-profile step (sign-up pop-up and page): name and phone required. */
export const CreateProfileSchema = z.strictObject({
  fullName: FullNameSchema,
  phone: PhoneSchema,
  language: LanguageSchema,
});
export type CreateProfile = z.infer<typeof CreateProfileSchema>;

/** Profile edits: any subset; a phone can be removed with null. */
export const UpdateProfileSchema = z.strictObject({
  fullName: FullNameSchema.optional(),
  phone: PhoneSchema.nullable().optional(),
  language: LanguageSchema.optional(),
});
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

/** A screen and what the user may do there; `truckId` and `role` on the screens of one truck they reach. */
export const AccessEntrySchema = z.object({
  screen: z.string(),
  actions: z.array(z.enum(ACTIONS)),
  truckId: z.uuid().optional(),
  role: z.enum(TRUCK_ROLES).optional(),
});
export const AccessListSchema = z.array(AccessEntrySchema);

export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  language: LanguageSchema,
  avatarUrl: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
});
export type User = z.infer<typeof UserSchema>;

/** What signing in (or renewing) answers: the token, when it expires (seconds), the user and their access list. */
export const SessionSchema = z.object({
  token: z.string(),
  expiresAt: z.number().int(),
  user: UserSchema,
  accessList: AccessListSchema,
});
export type Session = z.infer<typeof SessionSchema>;

export const MeSchema = SessionSchema.omit({ token: true, expiresAt: true });
export type Me = z.infer<typeof MeSchema>;

export const ResetDoneSchema = z.object({ email: z.string() });
export const AcceptedSchema = z.object({ accepted: z.literal(true) });
