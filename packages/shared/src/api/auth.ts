import { z } from 'zod';
import { safeText } from './input';

/** Validation and error texts, word for word (docs/product/accounts.md). */
export const AUTH_TEXTS = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'Please accept the Terms of Service and Privacy Policy',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  oauthCodeInvalid: 'This sign-in link is invalid or has expired. Please sign in again.',
  googleUnavailable:
    'Google sign-in is not set up on this Muse server. Please use your email and password.',
  currentPasswordRequired: 'Enter your current password to change your email',
  currentPasswordWrong: 'Your current password is not correct',
  forgotPasswordAnswer:
    'If an account exists for this email, we have sent a link to reset its password.',
  verifyLinkInvalid:
    'This confirmation link is invalid or has expired. Sign in and ask for a new one.',
  emailVerified: 'Your e-mail address is confirmed. Thank you!',
  verificationSent: 'We have sent you a new confirmation link. It is valid for 24 hours.',
  emailAlreadyVerified: 'Your e-mail address is already confirmed.',
  /** The signed-in banner until the address is confirmed; the address follows it. */
  verifyBanner: 'Please confirm your e-mail address: open the link we sent to',
  verifyBannerResend: 'Resend the link',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** argon2id hashes any length, but a cap keeps a sign-in from becoming a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;

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
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZRegisterRequest = z.object({ email, password: newPassword, fullName });
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

export const ZProfileResponse = z.object({ success: z.literal(true), data: ZUser });
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

export const ZUpdateProfileRequest = z.object({
  fullName: fullName.optional(),
  email: email.optional(),
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** The status texts of /oauth-callback (docs/product/accounts.md). */
export const OAUTH_STATUS_TEXTS = {
  processing: 'Processing Google OAuth...',
  validating: 'Validating authentication...',
  success: 'Authentication successful! Redirecting...',
  failed: 'Authentication failed. Redirecting to login...',
  created: 'Account created! Redirecting...',
  noToken: 'No authentication token found. Redirecting to login...',
  error: 'Authentication error. Redirecting to login...',
} as const;

/** How long the callback page waits before sending a failed sign-in to /login. */
export const OAUTH_FAILURE_REDIRECT_MS = 2000;
/** The register page navigates to /onboarding after this delay. */
export const REGISTER_NAVIGATION_DELAY_MS = 100;
