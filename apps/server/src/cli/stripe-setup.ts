/**
 * Creates Muse's products and prices, and the onboarding offer's coupon, in the Stripe account
 * of STRIPE_SECRET_KEY, idempotently:
 *
 *   STRIPE_SECRET_KEY=sk_… STRIPE_WEBHOOK_SECRET=whsec_… npm run stripe:setup
 */
import { loadConfig } from '../config';
import { ensureStripeCatalogue } from '../modules/billing/stripe-setup';
import { createStripeClient, ensureOfferCoupon } from '../modules/payments/stripe-gateway';
import { runCli } from './run-cli';

async function run(): Promise<number> {
  const config = loadConfig();
  if (!config.STRIPE_SECRET_KEY) {
    console.error(
      'Set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) to the Stripe account to set up.',
    );
    return 2;
  }
  const stripe = createStripeClient(config);
  const created = await ensureStripeCatalogue(stripe);
  console.log(
    created.length ? `Created prices: ${created.join(', ')}` : 'Every Muse price already exists.',
  );
  const coupon = await ensureOfferCoupon(stripe);
  console.log(coupon ? 'Created the first-month offer coupon.' : 'The offer coupon exists.');
  return 0;
}

runCli(run);
