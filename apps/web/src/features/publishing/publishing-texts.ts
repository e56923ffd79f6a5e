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

  // Platforms (docs/product/platform-publishing.md); the texts the server shares are in PLATFORM_TEXTS.
  platformsCardTitle: 'Platforms',
  platformsCardNote:
    'Connect this influencer’s accounts, and posts from the calendar go out there too, each at its time.',
  platformsLoadFailed: 'The platforms could not be loaded.',
  platformsNotSetUp: 'Not set up',
  platformsTurnOn: 'Turned on with',
  platformsNotConnected: 'Not connected',
  platformsConnected: 'Connected',
  connectStartFailed: 'The connection could not be started',
  disconnectFailed: 'The account could not be disconnected',
  disconnectTitle: (platform: string) => `Disconnect ${platform}?`,
  disconnectNote: (platform: string) =>
    `Muse gives back its access and posts nothing more to ${platform} until you connect it again. Posts already out stay there.`,
  statsTitle: 'On the platforms',
  statsNote:
    'The published posts’ views, likes, comments and shares, as each platform reports them.',
  statsLoadFailed: 'The platforms’ counts could not be loaded.',

  where: 'Where',
  noAccounts:
    'Connect Instagram, TikTok, YouTube Shorts or X on the influencer’s page to post there too',
  accountsLoadFailed: 'The influencer’s platforms could not be loaded.',
  ownCaption: 'Own caption',
  ownCaptionHint: (platform: string) => `Instead of the post’s caption, on ${platform} only`,
  captionOn: (platform: string) => `Caption on ${platform}`,
  postCaptionCount: 'The post’s caption:',
  unlockLinkCounted: 'Counts the link that unlocks the post on Muse',
  title: 'Title',
  privacy: 'Who can see it',
  platformsBlocked: 'Change what a platform refuses, or leave that platform out',
  reframeIn: (item: number, tool: string) => `Reframe picture ${item} in ${tool}`,
  opensInNewTab: ' (opens in a new tab)',

  platformsList: 'Platforms',
  waitingUntil: (time: string) => `Waiting until ${time}`,
  viewOn: (platform: string) => `View on ${platform}`,
  takenDown: 'Taken down',
  readAt: (ago: string) => `Read ${ago}`,
  notOnPage: 'Not on the Muse page',
  retryFailed: 'The post could not be sent again',
  retrying: 'Trying again...',
} as const;

/** TikTok's privacy levels, as the composer offers them. */
export const PRIVACY_LEVEL_LABELS: Record<string, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};
