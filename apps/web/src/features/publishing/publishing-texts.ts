import { MUSE_FEE_PERCENT } from '@muse/shared';

/** The web's own texts of publishing; texts the server also uses are in PUBLISHING_TEXTS. */
export const WEB_PUBLISHING_TEXTS = {
  pageCardTitle: 'Public page',
  pageCardNote: 'Where fans find this influencer’s posts, free and pay-per-view.',
  pageLoadFailed: 'The public page settings could not be loaded.',
  pageSaveFailed: 'The page settings could not be saved',
  linkCopied: 'Link copied',
  copyFailed: 'The link could not be copied: select it and copy it by hand',
  needsHandle: 'Choose a handle on its page first',
  noInfluencers: 'Create an influencer first: posts are made from its gallery.',
  postsLoadFailed: 'Your posts could not be loaded.',
  postSaveFailed: 'The post could not be saved',
  postDeleteFailed: 'The post could not be deleted',
  galleryEmpty:
    'No images or videos of this influencer in your gallery yet, and none made without a persona.',
  earningsLoadFailed: 'Your earnings could not be loaded.',
  earningsEmpty: 'No sales yet',
  earningsEmptyNote:
    'Publish pay-per-view posts on your influencers’ pages. What fans pay shows up here.',
  feeLabel: `Muse fee (${MUSE_FEE_PERCENT}%)`,
  testModePayouts: 'TEST MODE: payouts are recorded here, and no money moves.',
  payoutSetupNeeded: 'Set up payouts with Stripe to receive your earnings.',
  payoutSetupFailed: 'Payouts could not be set up right now',
  payoutsReturned: 'Welcome back: your payout account is being checked.',
  payoutsReady: 'Payouts are set up',
  payoutsRefresh: 'The setup link expired. Choose Set up payouts to continue where you left off.',
  pendingNote: (days: number) =>
    `Each sale’s share becomes available ${days} days after the sale, so that a refund can still be taken from it. A sale a fan disputes is held until the dispute is decided.`,
  owedNote: (amount: string) =>
    `Refunds and lost disputes took back ${amount} that was already paid out. It is taken from your next earnings before they become available.`,
} as const;
