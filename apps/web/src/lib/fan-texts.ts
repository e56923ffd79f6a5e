/** What the fan's side says beyond `PUBLISHING_TEXTS` (docs/product/publishing.md, 'Buying'). */
export const FAN_TEXTS = {
  postUnlocked: 'Post unlocked',
  purchaseCancelled: 'Checkout cancelled. Nothing was charged; the post stays locked.',
  confirming: 'Confirming your payment...',
  slowConfirmation:
    'Your payment is still being confirmed. The post unlocks as soon as it is, and it will be under My purchases.',
  checkoutFailed: 'The checkout could not be started',
  yourPost: 'Your post',
  unlocked: 'Unlocked',
  free: 'Free',
} as const;
