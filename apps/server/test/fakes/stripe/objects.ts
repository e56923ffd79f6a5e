import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * Builders for Stripe objects in the shapes of the API version the installed client pins
 * (`Stripe.API_VERSION`). They fill the fields a billing integration reads; fields Stripe
 * returns that nobody here reads are left out, so the objects are typed as the real ones but
 * not every optional-looking key is present.
 */
export const shape = <T>(value: Partial<T>): T => value as T;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}${id}`;
}

export const unixNow = () => Math.floor(Date.now() / 1000);

export function list<T>(data: T[], url: string, hasMore = false): Stripe.ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

export const clone = <T>(value: T): T => structuredClone(value);

type TInterval = Stripe.Price.Recurring.Interval;

/** The end of the `cycles`-th period after `anchor`, as Stripe counts: months keep the anchor's day, clamped to the month's last day. */
export function periodBoundary(
  anchor: number,
  interval: TInterval,
  count: number,
  cycles: number,
): number {
  if (interval === 'day') return anchor + 86_400 * count * cycles;
  if (interval === 'week') return anchor + 7 * 86_400 * count * cycles;
  const months = (interval === 'year' ? 12 : 1) * count * cycles;
  const start = new Date(anchor * 1000);
  const firstOfTarget = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const year = firstOfTarget.getUTCFullYear();
  const month = firstOfTarget.getUTCMonth();
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), daysInMonth);
  const time = Date.UTC(
    year,
    month,
    day,
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  );
  return Math.floor(time / 1000);
}

export function product(fields: {
  id?: string;
  name: string;
  description?: string;
  active?: boolean;
  metadata?: Record<string, string>;
  now: number;
}): Stripe.Product {
  return shape<Stripe.Product>({
    id: fields.id ?? newId('prod_', 14),
    object: 'product',
    active: fields.active ?? true,
    created: fields.now,
    default_price: null,
    description: fields.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata ?? {},
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: fields.now,
    url: null,
  });
}

export function price(fields: {
  product: string;
  unitAmount: number;
  currency: string;
  recurring?: { interval: TInterval; intervalCount: number };
  lookupKey?: string;
  nickname?: string;
  active?: boolean;
  metadata?: Record<string, string>;
  now: number;
}): Stripe.Price {
  return shape<Stripe.Price>({
    id: newId('price_'),
    object: 'price',
    active: fields.active ?? true,
    billing_scheme: 'per_unit',
    created: fields.now,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey ?? null,
    metadata: fields.metadata ?? {},
    nickname: fields.nickname ?? null,
    product: fields.product,
    recurring: fields.recurring
      ? {
          interval: fields.recurring.interval,
          interval_count: fields.recurring.intervalCount,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? 'recurring' : 'one_time',
    unit_amount: fields.unitAmount,
  });
}

export function customer(fields: {
  email: string | null;
  name?: string;
  metadata?: Record<string, string>;
  now: number;
}): Stripe.Customer {
  return shape<Stripe.Customer>({
    id: newId('cus_', 14),
    object: 'customer',
    balance: 0,
    created: fields.now,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: fields.email,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
  });
}

export function coupon(fields: {
  id?: string;
  percentOff: number;
  duration: Stripe.Coupon.Duration;
  name?: string;
  metadata?: Record<string, string>;
  now: number;
}): Stripe.Coupon {
  return shape<Stripe.Coupon>({
    id: fields.id ?? newId('', 8).toUpperCase(),
    object: 'coupon',
    amount_off: null,
    created: fields.now,
    currency: null,
    duration: fields.duration,
    duration_in_months: null,
    livemode: false,
    max_redemptions: null,
    metadata: fields.metadata ?? {},
    name: fields.name ?? `${fields.percentOff}% off`,
    percent_off: fields.percentOff,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  });
}

export function promotionCode(fields: {
  code: string;
  coupon: string;
  active: boolean;
  now: number;
}): Stripe.PromotionCode {
  return shape<Stripe.PromotionCode>({
    id: newId('promo_'),
    object: 'promotion_code',
    active: fields.active,
    code: fields.code,
    created: fields.now,
    customer: null,
    customer_account: null,
    expires_at: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    // Current API: the coupon sits under `promotion` (expandable), no longer at `coupon`.
    promotion: { type: 'coupon', coupon: fields.coupon },
    restrictions: {
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    times_redeemed: 0,
  });
}

export function subscriptionItem(fields: {
  subscription: string;
  price: Stripe.Price;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  now: number;
}): Stripe.SubscriptionItem {
  return shape<Stripe.SubscriptionItem>({
    id: newId('si_', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: fields.now,
    // Current API: the billing period lives on the items, not on the subscription.
    current_period_start: fields.periodStart,
    current_period_end: fields.periodEnd,
    discounts: [],
    metadata: {},
    price: clone(fields.price),
    quantity: fields.quantity,
    subscription: fields.subscription,
    tax_rates: [],
  });
}

export function subscription(fields: {
  id: string;
  customer: string;
  currency: string;
  items: Stripe.SubscriptionItem[];
  metadata: Record<string, string>;
  now: number;
}): Stripe.Subscription {
  return shape<Stripe.Subscription>({
    id: fields.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.now,
    billing_cycle_anchor_config: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: shape<Stripe.Subscription.CancellationDetails>({
      comment: null,
      feedback: null,
      reason: null,
    }),
    collection_method: 'charge_automatically',
    created: fields.now,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: list(fields.items, `/v1/subscription_items?subscription=${fields.id}`),
    latest_invoice: null,
    livemode: false,
    metadata: fields.metadata,
    pause_collection: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: fields.now,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_start: null,
  });
}

/** A subscription invoice: one line per subscription item, an optional percent discount. */
export function invoice(fields: {
  subscription: Stripe.Subscription;
  customer: Stripe.Customer;
  billingReason: 'subscription_create' | 'subscription_cycle';
  linePeriod: { start: number; end: number };
  invoicePeriod: { start: number; end: number };
  percentOff: number | null;
  paid: boolean;
  number: string;
  now: number;
}): Stripe.Invoice {
  const id = newId('in_');
  const { subscription: sub } = fields;
  const lines = sub.items.data.map((item) => {
    const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    return shape<Stripe.InvoiceLineItem>({
      id: newId('il_'),
      object: 'line_item',
      amount,
      currency: sub.currency,
      description: `${item.quantity ?? 1} × ${item.price.nickname ?? item.price.id}`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: { ...sub.metadata },
      parent: shape<Stripe.InvoiceLineItem.Parent>({
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: shape<Stripe.InvoiceLineItem.Parent.SubscriptionItemDetails>({
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: item.id,
        }),
      }),
      period: { ...fields.linePeriod },
      pretax_credit_amounts: [],
      // Current API: the line's price is at pricing.price_details.price (an id), not `price`.
      pricing: shape<Stripe.InvoiceLineItem.Pricing>({
        type: 'price_details',
        price_details: { price: item.price.id, product: String(item.price.product) },
      }),
      quantity: item.quantity ?? 1,
      subscription: sub.id,
      subtotal: amount,
      taxes: [],
    });
  });
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = fields.percentOff ? Math.round((subtotal * fields.percentOff) / 100) : 0;
  const total = subtotal - discount;
  const { paid, now } = fields;
  return shape<Stripe.Invoice>({
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Muse',
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    auto_advance: !paid,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created: now,
    currency: sub.currency,
    customer: fields.customer.id,
    customer_account: null,
    customer_email: fields.customer.email,
    customer_name: fields.customer.name ?? null,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/fake/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/fake/${id}/pdf`,
    issuer: { type: 'self' },
    lines: list(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : now + 3 * 86_400,
    number: fields.number,
    // Current API: the subscription is at parent.subscription_details.subscription.
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
    },
    period_start: fields.invoicePeriod.start,
    period_end: fields.invoicePeriod.end,
    starting_balance: 0,
    status: paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: paid ? now : null,
      voided_at: null,
    },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: null,
    total,
    total_discount_amounts: discount ? [{ amount: discount, discount: newId('di_') }] : [],
    total_excluding_tax: total,
    webhooks_delivered_at: now,
  });
}

/**
 * A card charged through a PaymentIntent: what settled an invoice, or a payment-mode Checkout
 * Session (with `payment_intent_data.metadata`).
 */
export function paymentIntent(fields: {
  amount: number;
  currency: string;
  customer: string | null;
  description?: string | null;
  metadata?: Record<string, string>;
  now: number;
}): Stripe.PaymentIntent {
  return shape<Stripe.PaymentIntent>({
    id: newId('pi_'),
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_received: fields.amount,
    capture_method: 'automatic',
    created: fields.now,
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description === undefined ? 'Subscription creation' : fields.description,
    latest_charge: newId('ch_'),
    livemode: false,
    metadata: fields.metadata ?? {},
    payment_method_types: ['card'],
    status: 'succeeded',
  });
}

/** Current API: an invoice's payments are `invoice_payment` objects naming the PaymentIntent. */
export function invoicePayment(fields: {
  invoice: Stripe.Invoice;
  paymentIntent: Stripe.PaymentIntent;
  now: number;
}): Stripe.InvoicePayment {
  return shape<Stripe.InvoicePayment>({
    id: newId('inpay_'),
    object: 'invoice_payment',
    amount_paid: fields.paymentIntent.amount,
    amount_requested: fields.paymentIntent.amount,
    created: fields.now,
    currency: fields.invoice.currency,
    invoice: fields.invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: fields.paymentIntent.id },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: fields.now },
  });
}

export function refund(fields: {
  paymentIntent: Stripe.PaymentIntent;
  amount: number;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
  now: number;
}): Stripe.Refund {
  return shape<Stripe.Refund>({
    id: newId('re_'),
    object: 'refund',
    amount: fields.amount,
    balance_transaction: newId('txn_'),
    charge: fields.paymentIntent.latest_charge as string,
    created: fields.now,
    currency: fields.paymentIntent.currency,
    metadata: fields.metadata,
    payment_intent: fields.paymentIntent.id,
    reason: fields.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  });
}

/** A connected account (Stripe Connect) before its onboarding: nothing enabled yet. */
export function account(fields: {
  type: Stripe.Account.Type;
  email: string | null;
  country: string;
  metadata: Record<string, string>;
  /** Capabilities asked for, each `inactive` until the onboarding is finished. */
  capabilities: string[];
  now: number;
}): Stripe.Account {
  const id = newId('acct_', 16);
  return shape<Stripe.Account>({
    id,
    object: 'account',
    business_type: null,
    capabilities: Object.fromEntries(
      fields.capabilities.map((name) => [name, 'inactive']),
    ) as Stripe.Account.Capabilities,
    charges_enabled: false,
    country: fields.country,
    created: fields.now,
    default_currency: 'usd',
    details_submitted: false,
    email: fields.email,
    external_accounts: list([], `/v1/accounts/${id}/external_accounts`),
    metadata: fields.metadata,
    payouts_enabled: false,
    requirements: shape<Stripe.Account.Requirements>({
      alternatives: [],
      current_deadline: null,
      currently_due: ['business_type', 'external_account', 'tos_acceptance.date'],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: ['business_type', 'external_account', 'tos_acceptance.date'],
      past_due: ['business_type', 'external_account', 'tos_acceptance.date'],
      pending_verification: [],
    }),
    type: fields.type,
  });
}

/** A one-time link into Connect onboarding; Stripe's expire after a few minutes. */
export function accountLink(fields: { url: string; now: number }): Stripe.AccountLink {
  return {
    object: 'account_link',
    created: fields.now,
    expires_at: fields.now + 300,
    url: fields.url,
  };
}

/** Money moved from the platform's balance to a connected account. */
export function transfer(fields: {
  amount: number;
  currency: string;
  destination: string;
  description: string | null;
  metadata: Record<string, string>;
  transferGroup: string | null;
  now: number;
}): Stripe.Transfer {
  const id = newId('tr_');
  return shape<Stripe.Transfer>({
    id,
    object: 'transfer',
    amount: fields.amount,
    amount_reversed: 0,
    balance_transaction: newId('txn_'),
    created: fields.now,
    currency: fields.currency,
    description: fields.description,
    destination: fields.destination,
    destination_payment: newId('py_'),
    livemode: false,
    metadata: fields.metadata,
    reversals: list([], `/v1/transfers/${id}/reversals`),
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: fields.transferGroup,
  });
}

/**
 * The charge of a PaymentIntent as Stripe shows it now: what was refunded of it and whether a
 * dispute was opened on it.
 */
export function charge(fields: {
  paymentIntent: Stripe.PaymentIntent;
  refunds: Stripe.Refund[];
  disputed: boolean;
}): Stripe.Charge {
  const intent = fields.paymentIntent;
  const id = String(intent.latest_charge);
  const refunded = fields.refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return shape<Stripe.Charge>({
    id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: refunded,
    balance_transaction: `txn_${id.slice(3)}`,
    billing_details: {
      address: null,
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    captured: true,
    created: intent.created,
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: fields.disputed,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: { ...intent.metadata },
    paid: intent.status === 'succeeded',
    payment_intent: intent.id,
    refunded: refunded >= intent.amount_received && intent.amount_received > 0,
    refunds: list(clone(fields.refunds), `/v1/charges/${id}/refunds`),
    status: intent.status === 'succeeded' ? 'succeeded' : 'pending',
  });
}

/** A cardholder's dispute of a charge; Stripe opens it as `needs_response`. */
export function dispute(fields: {
  charge: Stripe.Charge;
  reason: Stripe.Dispute['reason'];
  now: number;
}): Stripe.Dispute {
  return shape<Stripe.Dispute>({
    id: newId('dp_'),
    object: 'dispute',
    amount: fields.charge.amount,
    balance_transactions: [],
    charge: fields.charge.id,
    created: fields.now,
    currency: fields.charge.currency,
    evidence_details: {
      due_by: fields.now + 7 * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: String(fields.charge.payment_intent),
    reason: fields.reason,
    status: 'needs_response',
  });
}
