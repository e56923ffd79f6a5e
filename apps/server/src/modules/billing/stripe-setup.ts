import { BILLING_PERIODS, PLAN_LIST } from '@muse/shared';
import type Stripe from 'stripe';
import { priceLookupKey } from '../payments/stripe-gateway';

/**
 * Creates Muse's products and prices in a Stripe account, once: prices are found by lookup
 * key, so running it again creates nothing. Amounts come from the shared plans module.
 */
export async function ensureStripeCatalogue(stripe: Stripe): Promise<string[]> {
  const keys = PLAN_LIST.flatMap((plan) =>
    BILLING_PERIODS.map((billing) => priceLookupKey(plan.key, billing)),
  );
  const { data: existing } = await stripe.prices.list({
    lookup_keys: keys,
    active: true,
    limit: 100,
    expand: ['data.product'],
  });
  const created: string[] = [];
  for (const plan of PLAN_LIST) {
    const productOf = existing.find((price) =>
      price.lookup_key?.startsWith(`muse_${plan.key}_`),
    )?.product;
    let productId = typeof productOf === 'string' ? productOf : productOf?.id;
    for (const billing of BILLING_PERIODS) {
      const key = priceLookupKey(plan.key, billing);
      if (existing.some((price) => price.lookup_key === key)) continue;
      if (!productId) {
        const product = await stripe.products.create(
          { name: `Muse ${plan.name}`, metadata: { plan: plan.key } },
          { idempotencyKey: `muse-product-${plan.key}` },
        );
        productId = product.id;
      }
      await stripe.prices.create(
        {
          product: productId,
          currency: 'usd',
          unit_amount: billing === 'monthly' ? plan.monthlyPriceCents : plan.yearlyTotalCents,
          recurring: { interval: billing === 'monthly' ? 'month' : 'year' },
          lookup_key: key,
          nickname: `${plan.name} ${billing}`,
          metadata: { plan: plan.key, billing },
        },
        {
          idempotencyKey: `muse-price-${key}-${billing === 'monthly' ? plan.monthlyPriceCents : plan.yearlyTotalCents}`,
        },
      );
      created.push(key);
    }
  }
  return created;
}
