/**
 * The sign-in pages' texts and limits, apart from the schemas in auth.ts: a page that only shows
 * them does not build a schema (docs/decisions/0036-schemas-on-first-use.md).
 */

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
  /** 403 `ACCOUNT_SUSPENDED` (docs/product/reports-and-takedown.md). */
  accountSuspended:
    'This account has been suspended by Muse after a report. Write to support if you think this is a mistake.',
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

/** The account settings' texts, word for word (docs/product/accounts.md, 'Account settings'). */
export const ACCOUNT_TEXTS = {
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  googleManagedEmail: 'This account signs in with Google; its email follows your Google account.',
  sameEmail: 'This is already your email address',
  emailChangeSent:
    'We have sent a confirmation link to your new address. Your email changes when you open it.',
  emailChangeLinkInvalid:
    'This confirmation link is invalid or has expired. Ask for the change again in your settings.',
  emailChanged: 'Your email address is changed. Use it to sign in from now on.',
  nameSaved: 'Your name is saved.',
  passwordChanged: 'Your password is changed. Your other sessions are signed out.',
  passwordSet: 'Your password is set. You can now also sign in with your email and password.',
  sessionNotFound: 'This session is not one of yours or has already ended.',
  sessionsRevoked: 'Your other sessions are signed out.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** argon2id hashes any length, but a cap keeps a sign-in from becoming a denial of service. */
export const PASSWORD_MAX_LENGTH = 128;

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
