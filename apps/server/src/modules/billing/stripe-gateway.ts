import {
  BILLING_TEXTS,
  ZBillingPeriod,
  ZPlanKey,
  ZSubscriptionStatus,
  type TBillingPeriod,
  type TPlanKey,
} from '@muse/shared';
import Stripe from 'stripe';
import type { TConfig } from '../../config';
import { AppError, badRequest } from '../../lib/errors';
import type { TSubscriptionSnapshot } from './subscriptions';

/** Stripe prices are found by lookup key, so the same code runs against any Stripe account. */
export function priceLookupKey(plan: TPlanKey, billing: TBillingPeriod): string {
  return `muse_${plan}_${billing}`;
}

export function parseLookupKey(
  key: string | null | undefined,
): { plan: TPlanKey; billing: TBillingPeriod } | null {
  const match = /^muse_(\w+)_(\w+)$/.exec(key ?? '');
  const plan = ZPlanKey.safeParse(match?.[1]);
  const billing = ZBillingPeriod.safeParse(match?.[2]);
  return plan.success && billing.success ? { plan: plan.data, billing: billing.data } : null;
}

export function createStripeClient(config: TConfig): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured');
  const api = new URL(config.STRIPE_API_URL);
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: api.port ? Number(api.port) : undefined,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    appInfo: { name: 'Muse' },
  });
}

const unixToDate = (seconds: number) => new Date(seconds * 1000);

/** Muse's view of a Stripe subscription. */
export function snapshotFromStripe(
  subscription: Stripe.Subscription,
  userId: string,
): TSubscriptionSnapshot {
  const item = subscription.items.data[0];
  const fromPrice = parseLookupKey(item?.price.lookup_key);
  const fromMetadata = parseLookupKey(
    `muse_${subscription.metadata.plan}_${subscription.metadata.billing}`,
  );
  const planAndBilling = fromPrice ?? fromMetadata;
  if (!planAndBilling) throw new Error(`Subscription ${subscription.id} is for no Muse plan`);
  // The Stripe client pins its API version, whose statuses are the ones Muse knows.
  const status = ZSubscriptionStatus.safeParse(subscription.status);
  if (!status.success) {
    throw new Error(`Subscription ${subscription.id} has an unknown status ${subscription.status}`);
  }
  const legacy = subscription as unknown as {
    current_period_start?: number;
    current_period_end?: number;
  };
  const start =
    item?.current_period_start ?? legacy.current_period_start ?? subscription.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? start;
  return {
    userId,
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    providerCustomerId:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    plan: planAndBilling.plan,
    billing: planAndBilling.billing,
    status: status.data,
    currentPeriodStart: unixToDate(start),
    currentPeriodEnd: unixToDate(end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: subscription.canceled_at ? unixToDate(subscription.canceled_at) : null,
  };
}

/** The subscription an invoice pays for, in current and older API shapes. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  const id = parent ?? legacy ?? null;
  return typeof id === 'string' ? id : (id?.id ?? null);
}

export class StripeGateway {
  readonly client: Stripe;
  private readonly prices = new Map<string, string>();

  constructor(private readonly config: TConfig) {
    this.client = createStripeClient(config);
  }

  async priceId(plan: TPlanKey, billing: TBillingPeriod): Promise<string> {
    const key = priceLookupKey(plan, billing);
    const known = this.prices.get(key);
    if (known) return known;
    const { data } = await this.client.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const price = data[0];
    if (!price) throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'PRICE_MISSING');
    this.prices.set(key, price.id);
    return price.id;
  }

  async promotionCodeId(code: string): Promise<string> {
    const { data } = await this.client.promotionCodes.list({ code, active: true, limit: 1 });
    if (!data[0]) throw badRequest(BILLING_TEXTS.promoCodeInvalid);
    return data[0].id;
  }

  async createCheckout(input: {
    userId: string;
    email: string;
    customerId: string | null;
    plan: TPlanKey;
    billing: TBillingPeriod;
    promoCode: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string> {
    const price = await this.priceId(input.plan, input.billing);
    const discount = input.promoCode ? await this.promotionCodeId(input.promoCode) : null;
    const metadata = { userId: input.userId, plan: input.plan, billing: input.billing };
    const session = await this.client.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.userId,
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      metadata,
      subscription_data: { metadata },
      // A code given in Muse is applied; otherwise the customer may enter one on Stripe's page.
      ...(discount
        ? { discounts: [{ promotion_code: discount }] }
        : { allow_promotion_codes: true }),
    });
    if (!session.url)
      throw new AppError(502, BILLING_TEXTS.noCheckoutUrlFromServer, 'NO_CHECKOUT_URL');
    return session.url;
  }
}
