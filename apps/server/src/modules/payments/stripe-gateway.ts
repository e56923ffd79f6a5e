import {
  BILLING_TEXTS,
  FIRST_MONTH_DISCOUNT_PERCENT,
  ZBillingPeriod,
  ZPlanKey,
  type TBillingPeriod,
  type TPlanKey,
} from '@muse/shared';
import Stripe from 'stripe';
import type { TConfig } from '../../config';
import { AppError, badRequest } from '../../lib/errors';

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

/**
 * The onboarding's first-month offer as a Stripe coupon: 50% off, once (the first invoice only).
 * Found by its id, so the same code runs against any Stripe account
 * (docs/decisions/0037-a-real-first-month-offer.md).
 */
export const OFFER_COUPON_ID = `muse_first_month_${FIRST_MONTH_DISCOUNT_PERCENT}`;

/** Whether a Checkout Session's discount is the offer's coupon (as an id or expanded). */
export function isOfferDiscount(
  discount: { coupon?: string | Stripe.Coupon | null } | null | undefined,
): boolean {
  const coupon = discount?.coupon;
  return (typeof coupon === 'string' ? coupon : coupon?.id) === OFFER_COUPON_ID;
}

/**
 * Creates the offer's coupon in the Stripe account unless it is there, and checks that it is
 * the offer (50% off, once); `npm run stripe:setup` runs it, and so does the first checkout that
 * needs it. Answers whether it was created.
 */
export async function ensureOfferCoupon(stripe: Stripe): Promise<boolean> {
  let coupon: Stripe.Coupon | null = null;
  try {
    coupon = await stripe.coupons.retrieve(OFFER_COUPON_ID);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) {
      throw error;
    }
  }
  if (!coupon) {
    await stripe.coupons.create(
      {
        id: OFFER_COUPON_ID,
        percent_off: FIRST_MONTH_DISCOUNT_PERCENT,
        duration: 'once',
        name: `First month ${FIRST_MONTH_DISCOUNT_PERCENT}% off`,
        metadata: { offer: 'onboarding' },
      },
      { idempotencyKey: `muse-coupon-${OFFER_COUPON_ID}` },
    );
    return true;
  }
  if (
    !coupon.valid ||
    coupon.percent_off !== FIRST_MONTH_DISCOUNT_PERCENT ||
    coupon.duration !== 'once'
  ) {
    throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'PAYMENTS_UNAVAILABLE');
  }
  return false;
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

/** The price an invoice's first line is for, in current and older API shapes. */
function invoicePriceId(invoice: Stripe.Invoice): string | null {
  const line = invoice.lines.data[0];
  const current = line?.pricing?.price_details?.price;
  const legacy = (line as unknown as { price?: { id: string } | null } | undefined)?.price?.id;
  const id = current ?? legacy ?? null;
  return typeof id === 'string' ? id : (id?.id ?? null);
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
  private offerCouponReady = false;

  constructor(private readonly config: TConfig) {
    this.client = createStripeClient(config);
  }

  async priceId(plan: TPlanKey, billing: TBillingPeriod): Promise<string> {
    const key = priceLookupKey(plan, billing);
    const known = this.prices.get(key);
    if (known) return known;
    const { data } = await this.client.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const price = data[0];
    if (!price) throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'PAYMENTS_UNAVAILABLE');
    this.prices.set(key, price.id);
    return price.id;
  }

  /** The plan a price is for (by its lookup key), or null for a price that is no Muse plan's. */
  async planOfPrice(priceId: string): Promise<{ plan: TPlanKey; billing: TBillingPeriod } | null> {
    for (const [key, id] of this.prices) if (id === priceId) return parseLookupKey(key);
    const price = await this.client.prices.retrieve(priceId);
    return parseLookupKey(price.lookup_key);
  }

  /** The plan an invoice was paid for: the subscription may have changed plan since. */
  async planOfInvoice(
    invoice: Stripe.Invoice,
  ): Promise<{ plan: TPlanKey; billing: TBillingPeriod } | null> {
    const priceId = invoicePriceId(invoice);
    return priceId ? this.planOfPrice(priceId) : null;
  }

  /** The offer's coupon, made on first use when `npm run stripe:setup` has not made it. */
  async offerCouponId(): Promise<string> {
    if (!this.offerCouponReady) {
      await ensureOfferCoupon(this.client);
      this.offerCouponReady = true;
    }
    return OFFER_COUPON_ID;
  }

  async promotionCodeId(code: string): Promise<string> {
    const { data } = await this.client.promotionCodes.list({ code, active: true, limit: 1 });
    if (!data[0]) throw badRequest(BILLING_TEXTS.promoCodeInvalid, 'PROMO_CODE_INVALID');
    return data[0].id;
  }

  /**
   * The workspace's Stripe customer: the one its subscriptions use, else the one made for it
   * earlier (found by the payer's e-mail and the workspace in its metadata), else a new one.
   * Checkouts name it, so that the workspace's open checkouts can be listed.
   */
  private async customerFor(input: {
    workspaceId: string;
    email: string;
    customerId: string | null;
  }): Promise<string> {
    if (input.customerId) return input.customerId;
    const { data } = await this.client.customers.list({ email: input.email, limit: 100 });
    const known = data.find(
      (customer) => workspaceOfMetadata(customer.metadata) === input.workspaceId,
    );
    if (known) return known.id;
    const created = await this.client.customers.create({
      email: input.email,
      metadata: { workspaceId: input.workspaceId },
    });
    return created.id;
  }

  /** Expires an open checkout; one paid or expired meanwhile is no longer open, as wanted. */
  private async expireCheckout(id: string): Promise<void> {
    try {
      await this.client.checkout.sessions.expire(id);
    } catch (error) {
      const session = await this.client.checkout.sessions.retrieve(id);
      if (session.status === 'open') throw error;
    }
  }

  /**
   * The URL of a Checkout Session for the plan. The workspace keeps at most one open checkout
   * (docs/decisions/0023-one-live-subscription.md): an open one for the same purchase is
   * reused, any other is expired before a new one is made. The caller serialises calls per
   * workspace.
   */
  async createCheckout(input: {
    workspaceId: string;
    /** The person paying. */
    userId: string;
    email: string;
    customerId: string | null;
    plan: TPlanKey;
    billing: TBillingPeriod;
    promoCode: string | null;
    /** The onboarding's first-month offer: its coupon, and when its checkout closes. */
    offer: { expiresAt: Date } | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string> {
    const price = await this.priceId(input.plan, input.billing);
    const discount = input.promoCode ? await this.promotionCodeId(input.promoCode) : null;
    const coupon = !discount && input.offer ? await this.offerCouponId() : null;
    const customer = await this.customerFor(input);
    const open = await this.client.checkout.sessions.list({ customer, status: 'open', limit: 100 });
    const same = (session: Stripe.Checkout.Session) =>
      session.mode === 'subscription' &&
      !!session.metadata &&
      workspaceOfMetadata(session.metadata) === input.workspaceId &&
      session.metadata.plan === input.plan &&
      session.metadata.billing === input.billing &&
      session.success_url === input.successUrl &&
      session.cancel_url === input.cancelUrl &&
      (session.discounts?.[0]?.promotion_code ?? null) === discount &&
      isOfferDiscount(session.discounts?.[0]) === !!coupon &&
      !!session.url;
    const reused = open.data.find(same);
    for (const session of open.data) {
      if (session !== reused) await this.expireCheckout(session.id);
    }
    if (reused?.url) return reused.url;

    const metadata = {
      workspaceId: input.workspaceId,
      userId: input.userId,
      plan: input.plan,
      billing: input.billing,
    };
    const session = await this.client.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.workspaceId,
      customer,
      metadata,
      subscription_data: { metadata },
      // A code given in Muse is applied, or the offer's coupon (which closes the checkout when
      // the offer ends); otherwise the customer may enter a code on Stripe's page.
      ...(discount
        ? { discounts: [{ promotion_code: discount }] }
        : coupon && input.offer
          ? {
              discounts: [{ coupon }],
              expires_at: Math.floor(input.offer.expiresAt.getTime() / 1000),
            }
          : { allow_promotion_codes: true }),
    });
    if (!session.url)
      throw new AppError(502, BILLING_TEXTS.noCheckoutUrlFromServer, 'NO_CHECKOUT_URL');
    return session.url;
  }

  /**
   * Gives back what the subscription's latest invoice took (for a subscription just made, its
   * first payment), once: a payment that already has a refund gets no other.
   */
  async refundLatestInvoice(subscription: Stripe.Subscription): Promise<void> {
    const invoice = subscription.latest_invoice;
    const invoiceId = typeof invoice === 'string' ? invoice : invoice?.id;
    if (!invoiceId) return;
    const payments = await this.client.invoicePayments.list({
      invoice: invoiceId,
      status: 'paid',
      limit: 100,
    });
    for (const { id, payment } of payments.data) {
      const intent = payment.payment_intent;
      const charge = payment.charge;
      const target = intent
        ? { payment_intent: typeof intent === 'string' ? intent : intent.id }
        : charge
          ? { charge: typeof charge === 'string' ? charge : charge.id }
          : null;
      if (!target) continue;
      const { data: refunds } = await this.client.refunds.list({ ...target, limit: 100 });
      if (refunds.some((refund) => refund.status !== 'failed' && refund.status !== 'canceled'))
        continue;
      await this.client.refunds.create(
        {
          ...target,
          reason: 'duplicate',
          metadata: {
            workspaceId: workspaceOfMetadata(subscription.metadata) ?? '',
            subscription: subscription.id,
          },
        },
        { idempotencyKey: `muse-refund-${id}` },
      );
    }
  }
}

/**
 * The workspace a Stripe object's metadata names. Objects made before workspaces name only the
 * account (`userId`), whose personal workspace has its id.
 */
export function workspaceOfMetadata(metadata: Stripe.Metadata): string | undefined {
  return metadata.workspaceId ?? metadata.userId;
}
