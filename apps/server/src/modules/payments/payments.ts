import type { TSubscriptionProvider } from '@muse/shared';
import type { TConfig } from '../../config';
import type { TPaymentProvider } from './provider';
import { StripeGateway } from './stripe-gateway';
import { createStripeProvider, stripeMissing } from './stripe-provider';
import { testModeProvider } from './test-mode-provider';

/** The payment providers of a running Muse: Stripe when its keys are set, else TEST MODE. */
export type TPayments = {
  /** Where new checkouts go. */
  checkout: TPaymentProvider;
  /** Stripe's client when configured (its webhook, Connect payouts); null in TEST MODE. */
  stripe: StripeGateway | null;
  /** The provider that keeps a recorded subscription; 503 for a Stripe one without Stripe. */
  of: (kind: TSubscriptionProvider) => TPaymentProvider;
};

export function paymentsFrom(stripe: StripeGateway | null, publicUrl: string): TPayments {
  const stripeProvider = stripe ? createStripeProvider(stripe, publicUrl) : null;
  return {
    checkout: stripeProvider ?? testModeProvider,
    stripe,
    of: (kind) => {
      if (kind === 'test') return testModeProvider;
      if (!stripeProvider) throw stripeMissing();
      return stripeProvider;
    },
  };
}

export function createPayments(config: TConfig): TPayments {
  return paymentsFrom(
    config.STRIPE_SECRET_KEY ? new StripeGateway(config) : null,
    config.PUBLIC_URL,
  );
}
