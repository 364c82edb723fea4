/** Accounts over HTTP: paths, contracts, guards and limits. The work is in accounts.service.ts. */
import multipart from '@fastify/multipart';
import {
  AcceptedSchema,
  AVATAR_MAX_BYTES,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  MeSchema,
  ResetDoneSchema,
  ResetPasswordSchema,
  SessionSchema,
  SignInSchema,
  SignUpSchema,
  UpdateProfileSchema,
  UserSchema,
} from '@domain/accounts';
import { DomainError } from '@domain/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireUser } from '../../platform/auth';
import { languageFromHeader } from '../../platform/i18n';
import { rateLimited } from '../../platform/rate-limits';
import { LIMITS } from './accounts.limits';
import { createAccountsService } from './accounts.service';
import { AVATAR_FILE_NAME, imageTooLarge, readAvatar } from './avatar';

const tags = ['accounts'];
const bearer = [{ bearer: [] }];
const NoContent = z.null().describe('No content');

export async function accountsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const accounts = createAccountsService(instance);
  // The limit's name starts its keys: sign-up and forgot-password count the same address apart.
  const limit = (name: keyof typeof LIMITS) => rateLimited(instance, LIMITS[name], name);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.post(
    '/auth/sign-up',
    {
      schema: {
        tags,
        summary:
          'Create an account (role Applicant), then sign in. The answer is the same whether or not the address already has an account; its owner is mailed instead',
        body: SignUpSchema,
        response: { 202: AcceptedSchema },
      },
      preHandler: limit('signUp'),
    },
    async (request, reply) => {
      await accounts.signUp(request.body, languageFromHeader(request.headers['accept-language']));
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/auth/sign-in',
    {
      schema: { tags, summary: 'Sign in with email and password', body: SignInSchema, response: { 200: SessionSchema } },
      preHandler: limit('signIn'),
    },
    async (request) => accounts.signIn(request.body),
  );

  app.post(
    '/auth/sign-out',
    { schema: { tags, summary: 'End this session', security: bearer, response: { 204: NoContent } }, preHandler: requireUser },
    async (request, reply) => {
      await accounts.signOut(authOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/sign-out-everywhere',
    { schema: { tags, summary: 'End every session of this account', security: bearer, response: { 204: NoContent } }, preHandler: requireUser },
    async (request, reply) => {
      await accounts.signOutEverywhere(authOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/renew',
    {
      schema: { tags, summary: 'A fresh token for this session (up to its maximum age)', security: bearer, response: { 200: SessionSchema } },
      preHandler: requireUser,
    },
    async (request) => accounts.renew(authOf(request)),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a single-use reset link (valid 30 minutes); the answer is the same whether or not the account exists',
        body: ForgotPasswordSchema,
        response: { 202: AcceptedSchema },
      },
      preHandler: limit('forgotPassword'),
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(request.body);
      return reply.status(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { tags, summary: 'Set a new password with a reset link; signs out every session', body: ResetPasswordSchema, response: { 200: ResetDoneSchema } },
      preHandler: limit('resetPassword'),
    },
    async (request) => accounts.resetPassword(request.body),
  );

  app.get(
    '/me',
    { schema: { tags, summary: 'The signed-in user and their access list', security: bearer, response: { 200: MeSchema } }, preHandler: requireUser },
    async (request) => accounts.me(authOf(request)),
  );

  app.patch(
    '/me',
    {
      schema: { tags, summary: 'Edit name, phone (E.164) and language', security: bearer, body: UpdateProfileSchema, response: { 200: UserSchema } },
      preHandler: requireUser,
    },
    async (request) => accounts.updateProfile(authOf(request), request.body),
  );

  app.post(
    '/me/password',
    {
      schema: {
        tags,
        summary: 'Change the password (needs the current one); other sessions end, this one gets a new token',
        security: bearer,
        body: ChangePasswordSchema,
        response: { 200: SessionSchema },
      },
      // Signed in before the body is read: a stranger learns nothing from validation.
      preValidation: requireUser,
      preHandler: limit('changePassword'),
    },
    async (request) => accounts.changePassword(authOf(request), request.body),
  );

  app.put(
    '/me/avatar',
    {
      schema: {
        tags,
        summary: `Upload an avatar: multipart field "avatar", JPEG, PNG or WebP, at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`,
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: UserSchema },
      },
      preHandler: requireUser,
    },
    async (request) => {
      if (!request.isMultipart()) throw new DomainError('unsupported_media_type', 415);
      const file = await request.file();
      if (!file || file.fieldname !== 'avatar') {
        throw new DomainError('validation_failed', 400, undefined, [{ path: 'avatar', code: 'required' }]);
      }
      const upload = await file.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
        throw error;
      });
      return accounts.setAvatar(authOf(request), upload);
    },
  );

  app.delete(
    '/me/avatar',
    { schema: { tags, summary: 'Remove the avatar', security: bearer, response: { 200: UserSchema } }, preHandler: requireUser },
    async (request) => accounts.deleteAvatar(authOf(request)),
  );

  app.get(
    '/avatars/:file',
    {
      schema: {
        tags,
        summary: 'An avatar image (public; the name is random)',
        params: z.object({ file: z.string().regex(AVATAR_FILE_NAME) }),
        produces: ['image/webp'],
      },
    },
    async (request, reply) => {
      const image = await readAvatar(instance.config.dataDir, request.params.file);
      if (!image) throw new DomainError('not_found', 404);
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(image);
    },
  );
}
