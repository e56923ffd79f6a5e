/**
 * The stable machine codes of the API's error answers (docs/product/api.md, 'Error codes';
 * docs/decisions/0045-error-codes.md). A program decides by `code`, never by the status or the
 * text: the text is for people and may be reworded, a code is never renamed or removed, and an
 * error keeps its code. New failures may add codes.
 *
 * Each entry: the HTTP status(es) it is answered with, and what it means to a caller.
 */
export const ERROR_CODES = {
  // Any call
  INVALID_REQUEST: {
    status: [400],
    meaning:
      'A field is missing, malformed or out of range, or the body cannot be read; `field` names the field when the text is about one',
  },
  UNAUTHORISED: {
    status: [401],
    meaning: 'No live session or API key: sign in and send its token, or send a live key',
  },
  NOT_FOUND: { status: [404], meaning: 'Nothing is at this address for the caller' },
  WORKSPACE_NOT_FOUND: {
    status: [404],
    meaning: 'The `X-Muse-Workspace` header names no workspace the caller belongs to',
  },
  WORKSPACE_ROLE_FORBIDS: {
    status: [403],
    meaning:
      'The caller’s role in the workspace lacks the right this call needs (docs/product/teams.md)',
  },
  URI_TOO_LONG: { status: [414], meaning: 'The address is too long (a path part over its limit)' },
  PAYLOAD_TOO_LARGE: { status: [413], meaning: 'The body or one of its files is too large' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: [415],
    meaning: 'The body is of a type the call does not read',
  },
  RATE_LIMITED: { status: [429], meaning: 'Too many calls of this kind lately: wait, then retry' },
  INTERNAL_ERROR: { status: [500], meaning: 'An unexpected failure on Muse’s side; it is logged' },
  SERVICE_UNAVAILABLE: {
    status: [503],
    meaning:
      'The database or another service Muse needs cannot be reached: retry after `Retry-After`',
  },
  STORAGE_UNAVAILABLE: {
    status: [503],
    meaning: 'Files cannot be saved or read right now: retry after `Retry-After`',
  },
  PAYMENTS_UNAVAILABLE: {
    status: [503],
    meaning: 'The payment provider cannot be reached or is not set up: retry later',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: [400, 401],
    meaning: 'A provider’s delivery (Stripe, fal) is not signed with the shared secret',
  },

  // Accounts
  INVALID_CREDENTIALS: { status: [401], meaning: 'The e-mail address or the password is wrong' },
  EMAIL_TAKEN: { status: [409], meaning: 'Another account has this e-mail address' },
  RESET_LINK_INVALID: {
    status: [400],
    meaning: 'The password reset link is used, expired or unknown',
  },
  VERIFY_LINK_INVALID: {
    status: [400],
    meaning: 'The e-mail confirmation link is used, expired or unknown',
  },
  EMAIL_CHANGE_LINK_INVALID: {
    status: [400],
    meaning: 'The link confirming a new e-mail address is used, expired or unknown',
  },
  CURRENT_PASSWORD_REQUIRED: {
    status: [400],
    meaning: 'The change needs the current password, and none was sent',
  },
  WRONG_PASSWORD: { status: [403], meaning: 'The current password sent is wrong' },
  GOOGLE_MANAGED_EMAIL: {
    status: [400],
    meaning: 'The account signs in with Google only: its e-mail address is Google’s',
  },
  GOOGLE_SIGN_IN_FAILED: {
    status: [400],
    meaning: 'Google’s answer to a sign-in could not be used (expired, another browser, no e-mail)',
  },
  OAUTH_CODE_INVALID: {
    status: [401],
    meaning: 'The one-time code of a Google sign-in is used, expired or unknown',
  },
  SESSION_NOT_FOUND: { status: [404], meaning: 'The account has no such signed-in session' },
  ACCOUNT_SUSPENDED: {
    status: [403],
    meaning: 'Muse suspended the account after a report: it cannot sign in, make or publish',
  },

  // Plans, balances and limits
  INSUFFICIENT_CREDITS: { status: [402], meaning: 'The account has too few credits for this' },
  INSUFFICIENT_MODEL_TOKENS: {
    status: [402],
    meaning: 'The account has no influencer training left',
  },
  TOOL_NOT_ALLOWED: { status: [403], meaning: 'The account’s plan does not include this tool' },
  INFLUENCER_LIMIT: {
    status: [403],
    meaning: 'The plan’s influencer slots are all used (a marketplace claim counts as one)',
  },
  PRODUCT_LIMIT: { status: [403], meaning: 'The plan’s product slots are all used' },
  SCHEDULED_POST_LIMIT: { status: [403], meaning: 'The plan’s scheduled posts are all used' },
  JOB_LIMIT_REACHED: {
    status: [429],
    meaning: 'The account has its most jobs queued or running: wait for one to finish',
  },
  TOO_MANY_STREAMS: {
    status: [429],
    meaning: 'The account has its most job event streams open on this server',
  },
  ALREADY_SPENT: { status: [409], meaning: 'This was already paid for' },

  // Plans and payments
  ALREADY_ON_PLAN: { status: [409], meaning: 'The account already has this plan' },
  PROMO_CODE_INVALID: { status: [400], meaning: 'The promotion code is unknown or used up' },
  NO_SUBSCRIPTION: { status: [404], meaning: 'The account has no subscription to change' },
  CHECKOUT_NOT_FOUND: { status: [404], meaning: 'There is no such checkout for the caller' },
  CHECKOUT_EXPIRED: { status: [400], meaning: 'The checkout expired or was cancelled' },
  OFFER_USED: { status: [409], meaning: 'The account already used the onboarding offer' },
  NO_CHECKOUT_URL: { status: [502], meaning: 'The payment provider answered without a checkout' },

  // Marketplace
  MODEL_NOT_FOUND: { status: [404], meaning: 'There is no such marketplace model or portrait' },
  MODEL_FULLY_CLAIMED: { status: [409], meaning: 'Every licence of the model is taken' },
  TERMS_NOT_ACCEPTED: {
    status: [400],
    meaning: 'A claim must accept the current licence terms (`acceptTerms` and `termsVersion`)',
  },
  MODEL_ALREADY_HELD: {
    status: [409],
    meaning: 'The account already holds a licence of the model',
  },

  // Influencers, personas, products
  INFLUENCER_NOT_FOUND: { status: [404], meaning: 'The account has no such influencer' },
  PHOTO_NOT_FOUND: { status: [404], meaning: 'The persona has no such photo' },
  MINOR_REFUSED: {
    status: [400],
    meaning: 'The photo’s person is estimated under 18: Muse makes no persona of a minor',
  },
  TOO_MANY_PHOTOS: { status: [409], meaning: 'The persona has its most photos' },
  NOT_ENOUGH_PHOTOS: { status: [400], meaning: 'The persona has too few usable photos to train' },
  TRAINING_RUNNING: { status: [409], meaning: 'The persona is being trained' },
  ALREADY_TRAINED: { status: [409], meaning: 'The persona is trained already' },
  PHOTOS_CHANGED: { status: [409], meaning: 'The photos changed while training was asked for' },
  LIKENESS_STATEMENT_NEEDED: {
    status: [400],
    meaning: 'Training needs a statement of whose likeness the persona’s photos show',
  },
  CONSENT_DOCUMENT_NEEDED: {
    status: [400],
    meaning: 'The statement is consent, and training needs the consent document first',
  },
  LIKENESS_NOT_SELF: {
    status: [409],
    meaning: 'Only a statement that the photos are of the creator is verified with a selfie',
  },
  NO_PHOTOS_TO_MATCH: {
    status: [400],
    meaning: 'The persona has no photo that passes the checks to match a selfie against',
  },
  SELFIE_NOT_ONE_FACE: {
    status: [400],
    meaning: 'The selfie shows no face or more than one: take another',
  },
  CONSENT_DOCUMENT_NOT_FOUND: {
    status: [404],
    meaning: 'The persona’s current statement has no consent document',
  },
  PERSONA_NOT_READY: {
    status: [400],
    meaning: 'The influencer’s persona is not trained yet, so it cannot be used',
  },
  PRODUCT_NOT_FOUND: { status: [404], meaning: 'The account has no such product' },
  ONBOARDING_STEP_LOCKED: {
    status: [400],
    meaning: 'An earlier onboarding step is not answered yet',
  },

  // Tools, jobs and the gallery
  JOB_NOT_FOUND: { status: [404], meaning: 'The account has no such job' },
  JOB_FINISHED: { status: [409], meaning: 'The job has finished: it cannot be cancelled' },
  GALLERY_ITEM_NOT_FOUND: { status: [404], meaning: 'The account has no such gallery item' },
  DRAFT_FAILED: {
    status: [502],
    meaning:
      'The text engine could not write the draft (its job failed and was refunded); the text says why',
  },
  DRAFT_STILL_RUNNING: {
    status: [504],
    meaning: 'The draft is still being written: read its job again in a moment',
  },

  // Publishing and sales
  PAGE_NOT_FOUND: { status: [404], meaning: 'No public page has this handle, or it is hidden' },
  POST_NOT_FOUND: { status: [404], meaning: 'There is no such post for the caller' },
  PAGE_NOT_PUBLISHED: { status: [400], meaning: 'The influencer has no public page yet' },
  HANDLE_TAKEN: { status: [409], meaning: 'Another page has this handle' },
  HANDLE_KEPT: { status: [409], meaning: 'A page let go of this handle lately; it is kept for it' },
  POST_ALREADY_PUBLISHED: { status: [409], meaning: 'The post is out; it cannot be changed' },
  POST_HAS_BUYERS: { status: [409], meaning: 'The post was bought; it cannot be deleted' },
  POST_REMOVED: {
    status: [409],
    meaning: 'Muse removed the post after a report: it cannot be changed or deleted',
  },
  PAGE_HIDDEN: {
    status: [403],
    meaning: 'Muse hid the page after a report: it cannot be published again',
  },
  PLATFORM_NOT_ENABLED: {
    status: [400],
    meaning: 'This Muse has no app credentials for the platform (GET /api/platforms says which)',
  },
  PLATFORM_NOT_CONNECTED: {
    status: [400],
    meaning:
      'A post names a platform the influencer has no connected account on, or one to connect again',
  },
  PLATFORM_RULES: {
    status: [400],
    meaning:
      'A post breaks a platform’s rules (size, shape, length, count); the text says what to change and `field` names the target',
  },
  TARGET_NOT_FAILED: {
    status: [409],
    meaning: 'Only a platform post that failed can be tried again',
  },
  POST_TAKEN_DOWN: {
    status: [409],
    meaning: 'Muse took the post down: it goes to no platform again',
  },
  OWN_POST: { status: [400], meaning: 'A creator cannot buy their own post' },
  FREE_POST: { status: [400], meaning: 'The post is free: there is nothing to buy' },
  ALREADY_BOUGHT: { status: [409], meaning: 'The account already bought this post' },
  PAYOUT_TOO_SMALL: { status: [400], meaning: 'The payout is under the smallest amount paid out' },
  PAYOUT_TOO_LARGE: { status: [400], meaning: 'The payout is more than the earnings available' },
  PAYOUT_ACCOUNT_NEEDED: {
    status: [400],
    meaning: 'Payouts need a payout account that can receive transfers',
  },
  PAYOUT_FAILED: { status: [502], meaning: 'The payment provider refused the transfer' },

  // Reports and the operators' console
  REPORT_NOT_FOUND: { status: [404], meaning: 'There is no such report' },
  REPORT_CLOSED: {
    status: [409],
    meaning: 'The report was already acted on or dismissed',
  },
  REFUSAL_NOT_FOUND: { status: [404], meaning: 'There is no such refusal waiting for review' },

  // The public API: keys, idempotency, webhooks
  SCOPE_MISSING: {
    status: [403],
    meaning: 'The API key lacks the scope this call needs; the text names it',
  },
  SESSION_REQUIRED: {
    status: [403],
    meaning: 'Only a signed-in session may do this (API keys are managed from Settings)',
  },
  API_KEY_NOT_FOUND: { status: [404], meaning: 'The account has no such live API key' },
  API_KEY_LIMIT: { status: [409], meaning: 'The account holds its most API keys' },
  IDEMPOTENCY_KEY_REUSED: {
    status: [422],
    meaning: 'This Idempotency-Key was sent before with another request: use a new key',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    status: [409],
    meaning: 'The first request with this Idempotency-Key is still running: retry shortly',
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: {
    status: [404],
    meaning: 'The account has no such webhook endpoint',
  },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: [404], meaning: 'The endpoint has no such delivery' },
  WEBHOOK_ENDPOINT_LIMIT: {
    status: [409],
    meaning: 'The account holds its most webhook endpoints',
  },
  WEBHOOK_URL_NOT_ALLOWED: {
    status: [400],
    meaning: 'The endpoint is not https, or resolves to a private, loopback or link-local address',
  },
  URL_NOT_ALLOWED: {
    status: [400],
    meaning: 'A URL to fetch is not https, resolves to a private address, or is too large',
  },

  // Data rights: the account's export and its deletion
  EXPORT_NOT_FOUND: {
    status: [404],
    meaning: 'The account has no such export, or the download link’s token is wrong',
  },
  EXPORT_EXPIRED: {
    status: [410],
    meaning: 'The export’s 7 days are over and its file is deleted: ask for a new export',
  },
  FRESH_SIGN_IN_REQUIRED: {
    status: [403],
    meaning:
      'An account without a password must have signed in within the last 10 minutes to delete itself',
  },
  EARNINGS_AVAILABLE: {
    status: [409],
    meaning: 'The account has earnings it can pay out: pay them out before deleting it',
  },

  // Teams: workspaces, members and invitations
  POST_NOT_WAITING: {
    status: [409],
    meaning: 'The post is not waiting for approval: approved, sent back or needing none',
  },
  ALREADY_MEMBER: {
    status: [409],
    meaning: 'The invited address is already a member of the workspace',
  },
  ALREADY_INVITED: {
    status: [409],
    meaning: 'The invited address already has an open invitation to the workspace',
  },
  SEATS_FULL: {
    status: [409],
    meaning: 'The workspace’s plan has no seat left for another member or invitation',
  },
  LAST_OWNER: {
    status: [409],
    meaning:
      'The change would leave the workspace without an owner, or take a person out of their personal workspace',
  },
  MEMBER_NOT_FOUND: {
    status: [404],
    meaning: 'The workspace has no such member',
  },
  INVITATION_NOT_FOUND: {
    status: [404],
    meaning: 'The invitation link is unknown, used, withdrawn or expired',
  },
  INVITATION_EMAIL_MISMATCH: {
    status: [403],
    meaning: 'The invitation is for another address, or the signed-in address is not verified',
  },
} as const satisfies Record<string, { status: readonly number[]; meaning: string }>;

export type TErrorCode = keyof typeof ERROR_CODES;

/**
 * The codes of failures that are not the request's fault: the same call may succeed later.
 * Kept as a plain list so a page can check it without loading the table above.
 */
export const TRANSIENT_ERROR_CODES = [
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'STORAGE_UNAVAILABLE',
  'PAYMENTS_UNAVAILABLE',
  'NO_CHECKOUT_URL',
  'PAYOUT_FAILED',
  'DRAFT_FAILED',
  'DRAFT_STILL_RUNNING',
] as const satisfies readonly TErrorCode[];
