/** The accounts endpoints (src/server/features/accounts/accounts.routes.ts), typed by the shared contracts. */
import type { ChangePassword, ForgotPassword, Me, ResetPassword, Session, SignIn, SignUp, UpdateProfile, User } from '@domain/accounts';
import { api } from '../../app/api';

const post = <T>(url: string, body?: T) => ({ url, method: 'POST', ...(body === undefined ? {} : { body }) });

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Answers alike for a new and a taken address; the session comes from signing in next.
    signUp: build.mutation<{ accepted: true }, SignUp>({ query: (body) => post('/auth/sign-up', body) }),
    signIn: build.mutation<Session, SignIn>({ query: (body) => post('/auth/sign-in', body) }),
    signOut: build.mutation<void, void>({ query: () => post('/auth/sign-out') }),
    signOutEverywhere: build.mutation<void, void>({ query: () => post('/auth/sign-out-everywhere') }),
    renewSession: build.mutation<Session, void>({ query: () => post('/auth/renew') }),
    forgotPassword: build.mutation<{ accepted: true }, ForgotPassword>({ query: (body) => post('/auth/forgot-password', body) }),
    resetPassword: build.mutation<{ email: string }, ResetPassword>({ query: (body) => post('/auth/reset-password', body) }),
    me: build.query<Me, void>({ query: () => '/me', providesTags: ['Session'] }),
    updateProfile: build.mutation<User, UpdateProfile>({
      query: (body) => ({ url: '/me', method: 'PATCH', body }),
      invalidatesTags: ['Session'],
    }),
    changePassword: build.mutation<Session, ChangePassword>({ query: (body) => post('/me/password', body) }),
    uploadAvatar: build.mutation<User, Blob>({
      query: (file) => {
        const body = new FormData();
        body.append('avatar', file);
        return { url: '/me/avatar', method: 'PUT', body };
      },
      invalidatesTags: ['Session'],
    }),
    deleteAvatar: build.mutation<User, void>({ query: () => ({ url: '/me/avatar', method: 'DELETE' }), invalidatesTags: ['Session'] }),
  }),
});

export const {
  useSignUpMutation,
  useSignInMutation,
  useSignOutMutation,
  useSignOutEverywhereMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useUploadAvatarMutation,
  useDeleteAvatarMutation,
} = accountsApi;
