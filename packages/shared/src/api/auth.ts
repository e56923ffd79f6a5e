import { z } from 'zod';
import { safeText } from './input';
import { ACCOUNT_TEXTS, AUTH_TEXTS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-texts';

const email = safeText({ error: AUTH_TEXTS.emailRequired })
  .trim()
  .min(1, AUTH_TEXTS.emailRequired)
  .max(254, AUTH_TEXTS.emailInvalid)
  .pipe(z.email(AUTH_TEXTS.emailInvalid));

/** A new password: at least 6 characters. */
const newPassword = z
  .string({ error: AUTH_TEXTS.passwordRequired })
  .min(1, AUTH_TEXTS.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_TEXTS.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_TEXTS.passwordTooLong);

/** A password being checked, not set: only required (old accounts keep working). */
const givenPassword = z
  .string({ error: AUTH_TEXTS.passwordRequired })
  .min(1, AUTH_TEXTS.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, AUTH_TEXTS.invalidCredentials);

const fullName = safeText({ error: AUTH_TEXTS.fullNameRequired })
  .trim()
  .min(1, AUTH_TEXTS.fullNameRequired)
  .max(100, 'Full name must be at most 100 characters');

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  /** False for accounts that only ever signed in with Google. */
  hasPassword: z.boolean(),
  /** Whether the owner proved they receive mail at `email` (a mailed link or Google). */
  emailVerified: z.boolean(),
  /**
   * False for a fan-only account: it signed up to buy a post and has not started the onboarding
   * since (docs/product/accounts.md, 'Fans and creators').
   */
  isCreator: z.boolean(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZRegisterRequest = z.object({
  email,
  password: newPassword,
  fullName,
  /** True when a fan signs up to buy a post: the account starts fan-only. */
  fan: z.boolean().optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** The register form: the request plus the confirmation and the terms checkbox. */
export const ZRegisterForm = ZRegisterRequest.extend({
  confirmPassword: z.string(),
  acceptTerms: z.literal(true, { error: AUTH_TEXTS.termsRequired }),
}).refine((form) => form.password === form.confirmPassword, {
  error: AUTH_TEXTS.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZLoginRequest = z.object({
  email,
  password: givenPassword,
  rememberMe: z.boolean().optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  user: ZUser,
  /** True when this sign-in created the account (Google's first sign-in). */
  isNewUser: z.boolean().optional(),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZMeResponse = z.object({ success: z.literal(true), user: ZUser });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZSuccessResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
export type TSuccessResponse = z.infer<typeof ZSuccessResponse>;

export const ZForgotPasswordRequest = z.object({ email });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1, AUTH_TEXTS.resetLinkInvalid).max(200, AUTH_TEXTS.resetLinkInvalid),
  password: newPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZResetPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    error: AUTH_TEXTS.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** POST /api/auth/verify-email: the token of the link mailed to confirm an address. */
export const ZVerifyEmailRequest = z.object({
  token: z.string().min(1, AUTH_TEXTS.verifyLinkInvalid).max(200, AUTH_TEXTS.verifyLinkInvalid),
});
export type TVerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;

export const ZGoogleCallbackRequest = z.object({
  access_token: z
    .string()
    .min(1, AUTH_TEXTS.oauthCodeInvalid)
    .max(200, AUTH_TEXTS.oauthCodeInvalid),
});
export type TGoogleCallbackRequest = z.infer<typeof ZGoogleCallbackRequest>;

/** GET /api/config: what the web app needs to know about this server before sign-in. */
export const ZPublicConfig = z.object({
  success: z.literal(true),
  googleSignIn: z.boolean(),
  supportEmail: z.string(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

/** The account as its settings show it: the user, and a new address waiting to be confirmed. */
export const ZProfile = ZUser.extend({ pendingEmail: z.string().nullable() });
export type TProfile = z.infer<typeof ZProfile>;

export const ZProfileResponse = z.object({
  success: z.literal(true),
  data: ZProfile,
  message: z.string().optional(),
});
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

export const ZUpdateProfileRequest = z.object({
  fullName: fullName.optional(),
  email: email.optional(),
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** PUT /api/users/password: `currentPassword` is needed unless the account has no password yet. */
export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string()
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_TEXTS.currentPasswordWrong)
    .optional(),
  newPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The settings' password form: the request plus the confirmation. */
export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: z.string(),
}).refine((form) => form.newPassword === form.confirmPassword, {
  error: AUTH_TEXTS.passwordsDoNotMatch,
  path: ['confirmPassword'],
});

/** POST /api/auth/confirm-email-change: the token of the link mailed to the new address. */
export const ZConfirmEmailChangeRequest = z.object({
  token: z
    .string()
    .min(1, ACCOUNT_TEXTS.emailChangeLinkInvalid)
    .max(200, ACCOUNT_TEXTS.emailChangeLinkInvalid),
});

/** A signed-in browser of the account, as the settings list it. */
export const ZSession = z.object({
  id: z.string(),
  /** 'Chrome on Windows', from the browser's user agent; 'Unknown device' without one. */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** When it was last used, to within a few minutes. */
  lastUsedAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionsResponse = z.object({
  success: z.literal(true),
  sessions: z.array(ZSession),
});
export type TSessionsResponse = z.infer<typeof ZSessionsResponse>;

export const ZRevokeSessionsResponse = z.object({
  success: z.literal(true),
  /** How many sessions were signed out. */
  revoked: z.number(),
});
