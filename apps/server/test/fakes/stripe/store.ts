import type Stripe from 'stripe';
import * as build from './objects';
import { clone, periodBoundary, unixNow } from './objects';
import { invalid, noSuch } from './params';

/** What Stripe keeps about a Checkout Session but does not put on the session object. */
type TSessionExtras = {
  lineItems: { id: string; price: string; quantity: number }[];
  subscriptionMetadata: Record<string, string>;
  /** `payment_intent_data.metadata` (payment mode): put on the PaymentIntent once paid. */
  paymentIntentMetadata: Record<string, string>;
  coupon: Stripe.Coupon | null;
};

/** Where a subscription is in its billing: periods count from the anchor. */
type TSubscriptionExtras = { anchor: number; cycles: number; coupon: Stripe.Coupon | null };

export type TSubscriptionCheckout = {
  session: Stripe.Checkout.Session;
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice;
};

export type TPaymentCheckout = {
  session: Stripe.Checkout.Session;
  /** The PaymentIntent that took the money (`processing` while a delayed payment is pending). */
  paymentIntent: Stripe.PaymentIntent;
};

const toSeconds = (now: number | Date | undefined) =>
  now === undefined ? unixNow() : now instanceof Date ? Math.floor(now.getTime() / 1000) : now;

/**
 * The fake's memory: every object by id, and the billing life of subscriptions that tests drive
 * (checkout completed, renewal, failed payment, price change, cancellation).
 */
export class StripeStore {
  readonly products = new Map<string, Stripe.Product>();
  readonly prices = new Map<string, Stripe.Price>();
  readonly customers = new Map<string, Stripe.Customer>();
  readonly coupons = new Map<string, Stripe.Coupon>();
  readonly promotionCodes = new Map<string, Stripe.PromotionCode>();
  readonly sessions = new Map<string, Stripe.Checkout.Session>();
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly invoicePayments = new Map<string, Stripe.InvoicePayment>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly accounts = new Map<string, Stripe.Account>();
  readonly transfers = new Map<string, Stripe.Transfer>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  /** Onboarding links handed out, by URL: the account and where the owner returns to. */
  readonly accountLinks = new Map<string, { account: string; returnUrl: string }>();
  readonly sessionExtras = new Map<string, TSessionExtras>();
  private readonly subscriptionExtras = new Map<string, TSubscriptionExtras>();
  private invoiceCount = 0;
  /** The fake's own address, for the links it hands out (Connect onboarding). */
  baseUrl = '';
  /** Set by a test: the next transfer is refused with this Stripe error. */
  nextTransferFailure: { message: string; code: string } | null = null;

  /** Any stored object by id, for `expand[]`. */
  find(id: string): { object: string } | undefined {
    for (const map of [
      this.products,
      this.prices,
      this.customers,
      this.coupons,
      this.promotionCodes,
      this.sessions,
      this.subscriptions,
      this.invoices,
      this.paymentIntents,
      this.invoicePayments,
      this.refunds,
      this.accounts,
      this.transfers,
      this.disputes,
    ] as Map<string, { object: string }>[]) {
      const found = map.get(id);
      if (found) return found;
    }
    return this.findCharge(id);
  }

  /** An object for the API: a 404 `resource_missing` when it does not exist. */
  get<T>(map: Map<string, T>, what: string, id: string): T {
    const found = map.get(id);
    if (!found) throw noSuch(what, id, 'id', 404);
    return found;
  }

  addPromotionCode(
    code: string,
    percentOff: number,
    options: { duration?: 'once' | 'forever'; active?: boolean } = {},
  ): Stripe.PromotionCode {
    const now = unixNow();
    const coupon = build.coupon({ percentOff, duration: options.duration ?? 'once', now });
    this.coupons.set(coupon.id, coupon);
    const promo = build.promotionCode({
      code,
      coupon: coupon.id,
      active: options.active ?? true,
      now,
    });
    this.promotionCodes.set(promo.id, promo);
    return clone(promo);
  }

  /** Simulates the customer paying on Checkout: customer, active subscription, paid first invoice. */
  completeCheckout(
    sessionId: string,
    options: { now?: number | Date; email?: string } = {},
  ): TSubscriptionCheckout {
    const session = this.mustFind(this.sessions, 'checkout session', sessionId);
    const extras = this.sessionExtras.get(sessionId)!;
    if (session.status !== 'open')
      throw new Error(`checkout session ${sessionId} is ${session.status}`);
    if (session.mode !== 'subscription') {
      throw new Error(
        `checkout session ${sessionId} is in ${session.mode} mode: complete it with { mode: '${session.mode}' }`,
      );
    }
    const now = toSeconds(options.now);

    let customer = session.customer ? this.customers.get(String(session.customer)) : undefined;
    if (!customer) {
      const email = options.email ?? session.customer_email ?? 'customer@example.com';
      customer = build.customer({ email, now });
      this.customers.set(customer.id, customer);
    }

    const subscriptionId = build.newId('sub_');
    const prices = extras.lineItems.map((line) => this.prices.get(line.price)!);
    const recurring = prices.find((p) => p.recurring)!;
    const { interval, interval_count } = recurring.recurring!;
    const periodEnd = periodBoundary(now, interval, interval_count, 1);
    const items = extras.lineItems.map((line) =>
      build.subscriptionItem({
        subscription: subscriptionId,
        price: this.prices.get(line.price)!,
        quantity: line.quantity,
        periodStart: now,
        periodEnd,
        now,
      }),
    );
    const subscription = build.subscription({
      id: subscriptionId,
      customer: customer.id,
      currency: recurring.currency,
      items,
      metadata: { ...extras.subscriptionMetadata },
      now,
    });
    this.subscriptions.set(subscription.id, subscription);
    this.subscriptionExtras.set(subscription.id, { anchor: now, cycles: 0, coupon: extras.coupon });

    // Stripe's first invoice covers no usage period: period_start = period_end = creation.
    const invoice = this.addInvoice(subscription, 'subscription_create', true, now, {
      start: now,
      end: now,
    });

    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      customer_details: {
        address: null,
        business_name: null,
        email: customer.email,
        individual_name: null,
        name: customer.name ?? null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      subscription: subscription.id,
      invoice: invoice.id,
    } satisfies Partial<Stripe.Checkout.Session>);
    const promotionCode = session.discounts?.[0]?.promotion_code;
    if (typeof promotionCode === 'string') this.promotionCodes.get(promotionCode)!.times_redeemed++;
    if (extras.coupon) extras.coupon.times_redeemed++;

    return {
      session: clone(session),
      subscription: clone(subscription),
      invoice: clone(invoice),
    };
  }

  /**
   * Simulates the customer paying a payment-mode Checkout: a PaymentIntent for `amount_total`
   * carrying `payment_intent_data.metadata`, the session `complete` and `paid`. A Customer is
   * the session's own, or made only with `customer_creation: 'always'` (Stripe's default for
   * payment mode makes none). `delayed`: a payment method that settles later (a bank debit):
   * the session is `complete` but `unpaid` until `settleDelayedPayment`.
   */
  completePayment(
    sessionId: string,
    options: { now?: number | Date; email?: string; delayed?: boolean } = {},
  ): TPaymentCheckout {
    const session = this.mustFind(this.sessions, 'checkout session', sessionId);
    const extras = this.sessionExtras.get(sessionId)!;
    if (session.status !== 'open')
      throw new Error(`checkout session ${sessionId} is ${session.status}`);
    if (session.mode !== 'payment') {
      throw new Error(
        `checkout session ${sessionId} is in ${session.mode} mode: complete it with { mode: '${session.mode}' }`,
      );
    }
    const now = toSeconds(options.now);
    let customer = session.customer ? this.customers.get(String(session.customer)) : undefined;
    const email = customer?.email ?? options.email ?? session.customer_email ?? 'fan@example.com';
    if (!customer && session.customer_creation === 'always') {
      customer = build.customer({ email, now });
      this.customers.set(customer.id, customer);
    }
    const intent = build.paymentIntent({
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      customer: customer?.id ?? null,
      description: null,
      metadata: { ...extras.paymentIntentMetadata },
      now,
    });
    if (options.delayed) Object.assign(intent, { status: 'processing', amount_received: 0 });
    this.paymentIntents.set(intent.id, intent);

    Object.assign(session, {
      status: 'complete',
      payment_status: options.delayed ? 'unpaid' : 'paid',
      customer: customer?.id ?? null,
      customer_details: {
        address: null,
        business_name: null,
        email,
        individual_name: null,
        name: customer?.name ?? null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      payment_intent: intent.id,
    } satisfies Partial<Stripe.Checkout.Session>);
    return { session: clone(session), paymentIntent: clone(intent) };
  }

  /** A delayed payment of a completed payment-mode Checkout succeeds: the session is `paid`. */
  settleDelayedPayment(sessionId: string): TPaymentCheckout {
    const session = this.mustFind(this.sessions, 'checkout session', sessionId);
    const intent = this.paymentIntents.get(String(session.payment_intent));
    if (session.status !== 'complete' || session.payment_status !== 'unpaid' || !intent) {
      throw new Error(`checkout session ${sessionId} has no delayed payment to settle`);
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    session.payment_status = 'paid';
    return { session: clone(session), paymentIntent: clone(intent) };
  }

  /**
   * The owner of a connected account finishes Connect onboarding: every capability asked for
   * is `active`, details are submitted, nothing is due.
   */
  finishOnboarding(accountId: string): Stripe.Account {
    const account = this.mustFind(this.accounts, 'account', accountId);
    const capabilities = Object.fromEntries(
      Object.keys(account.capabilities ?? {}).map((name) => [name, 'active']),
    ) as Stripe.Account.Capabilities;
    Object.assign(account, {
      capabilities,
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: capabilities.card_payments === 'active',
      requirements: {
        ...account.requirements!,
        currently_due: [],
        eventually_due: [],
        past_due: [],
        disabled_reason: null,
      },
    } satisfies Partial<Stripe.Account>);
    return clone(account);
  }

  /** The period ends and Stripe charges the next one successfully. */
  renewSubscription(subscriptionId: string): Stripe.Invoice {
    return clone(this.startNextPeriod(subscriptionId, true));
  }

  /** The period ends and the charge for the next one fails: `past_due`, an `open` invoice. */
  failPayment(subscriptionId: string): Stripe.Invoice {
    return clone(this.startNextPeriod(subscriptionId, false));
  }

  /** A retry of a failed invoice succeeds: the invoice is paid, the subscription active again. */
  payInvoice(invoiceId: string): Stripe.Invoice {
    const invoice = this.mustFind(this.invoices, 'invoice', invoiceId);
    if (invoice.status !== 'open') throw new Error(`invoice ${invoiceId} is ${invoice.status}`);
    const now = unixNow();
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempt_count: invoice.attempt_count + 1,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, paid_at: now },
    } satisfies Partial<Stripe.Invoice>);
    this.recordPayment(invoice, now);
    const subscriptionId = invoice.parent?.subscription_details?.subscription;
    const subscription = this.subscriptions.get(String(subscriptionId));
    if (subscription?.status === 'past_due') subscription.status = 'active';
    return clone(invoice);
  }

  /** Swaps the subscription's price (an upgrade or downgrade); no proration invoice is made. */
  changePrice(subscriptionId: string, priceId: string): Stripe.Subscription {
    const subscription = this.mustFind(this.subscriptions, 'subscription', subscriptionId);
    const newPrice = this.mustFind(this.prices, 'price', priceId);
    this.swapPrice(subscription, newPrice);
    return clone(subscription);
  }

  swapPrice(subscription: Stripe.Subscription, newPrice: Stripe.Price, param = 'price'): void {
    if (!newPrice.recurring) {
      throw invalid(
        'The price specified is not recurring; subscriptions need recurring prices.',
        param,
      );
    }
    const item = subscription.items.data[0]!;
    item.price = clone(newPrice);
  }

  /** Cancels now, as `DELETE /v1/subscriptions/:id` does (or as a period end with cancel_at_period_end). */
  cancelSubscription(
    subscriptionId: string,
    options: { now?: number | Date; reason?: Stripe.Subscription.CancellationDetails.Reason } = {},
  ): Stripe.Subscription {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription || subscription.status === 'canceled') {
      throw noSuch('subscription', subscriptionId, 'id', 404);
    }
    const now = toSeconds(options.now);
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: {
        ...subscription.cancellation_details!,
        reason: options.reason ?? 'cancellation_requested',
      },
    } satisfies Partial<Stripe.Subscription>);
    return clone(subscription);
  }

  private startNextPeriod(subscriptionId: string, paid: boolean): Stripe.Invoice {
    const subscription = this.mustFind(this.subscriptions, 'subscription', subscriptionId);
    const extras = this.subscriptionExtras.get(subscriptionId)!;
    if (subscription.status === 'canceled')
      throw new Error(`subscription ${subscriptionId} is canceled`);
    if (subscription.cancel_at_period_end) {
      throw new Error(
        `subscription ${subscriptionId} is set to cancel at period end: Stripe would cancel it, ` +
          'not renew it (use cancelSubscription)',
      );
    }
    const { interval, interval_count } = subscription.items.data[0]!.price.recurring!;
    const previous = {
      start: periodBoundary(extras.anchor, interval, interval_count, extras.cycles),
      end: periodBoundary(extras.anchor, interval, interval_count, extras.cycles + 1),
    };
    extras.cycles += 1;
    const next = {
      start: previous.end,
      end: periodBoundary(extras.anchor, interval, interval_count, extras.cycles + 1),
    };
    for (const item of subscription.items.data) {
      item.current_period_start = next.start;
      item.current_period_end = next.end;
    }
    subscription.status = paid ? 'active' : 'past_due';
    // A cycle invoice's own period_start/period_end are the period that just ended (Stripe's
    // "usage period"); the period paid for is on its lines and on the subscription items.
    return this.addInvoice(subscription, 'subscription_cycle', paid, next.start, previous, next);
  }

  private addInvoice(
    subscription: Stripe.Subscription,
    billingReason: 'subscription_create' | 'subscription_cycle',
    paid: boolean,
    now: number,
    invoicePeriod: { start: number; end: number },
    linePeriod?: { start: number; end: number },
  ): Stripe.Invoice {
    const extras = this.subscriptionExtras.get(subscription.id)!;
    const item = subscription.items.data[0]!;
    const couponApplies =
      extras.coupon &&
      (extras.coupon.duration === 'forever' || billingReason === 'subscription_create');
    this.invoiceCount += 1;
    const invoice = build.invoice({
      subscription,
      customer: this.customers.get(String(subscription.customer))!,
      billingReason,
      linePeriod: linePeriod ?? { start: item.current_period_start, end: item.current_period_end },
      invoicePeriod,
      percentOff: couponApplies ? extras.coupon!.percent_off : null,
      paid,
      number: `FAKE-${String(this.invoiceCount).padStart(4, '0')}`,
      now,
    });
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    if (paid) this.recordPayment(invoice, now);
    return invoice;
  }

  /** A paid invoice with something to pay was settled by a PaymentIntent (a card charge). */
  private recordPayment(invoice: Stripe.Invoice, now: number): void {
    if (invoice.amount_paid <= 0) return;
    const intent = build.paymentIntent({
      amount: invoice.amount_paid,
      currency: invoice.currency,
      customer: String(invoice.customer),
      now,
    });
    this.paymentIntents.set(intent.id, intent);
    const payment = build.invoicePayment({ invoice, paymentIntent: intent, now });
    this.invoicePayments.set(payment.id, payment);
  }

  /** A charge (`ch_…`, a PaymentIntent's `latest_charge`), as it stands now. */
  findCharge(chargeId: string): Stripe.Charge | undefined {
    const intent = [...this.paymentIntents.values()].find((pi) => pi.latest_charge === chargeId);
    if (!intent) return undefined;
    const refunds = [...this.refunds.values()].filter((r) => r.payment_intent === intent.id);
    const disputed = [...this.disputes.values()].some((d) => d.charge === chargeId);
    return build.charge({ paymentIntent: intent, refunds, disputed });
  }

  /** Whether the charge has a dispute Stripe has not decided yet: it cannot be refunded then. */
  hasOpenDispute(chargeId: string): boolean {
    return [...this.disputes.values()].some(
      (d) =>
        d.charge === chargeId && !['won', 'lost', 'warning_closed', 'prevented'].includes(d.status),
    );
  }

  /** A refund made in the Dashboard: of what is left of the payment unless `amount` says less. */
  refundFromDashboard(paymentIntentId: string, amount?: number): Stripe.Refund {
    const intent = this.mustFind(this.paymentIntents, 'payment intent', paymentIntentId);
    const left = this.refundable(intent);
    if (left <= 0 || (amount ?? left) > left)
      throw new Error(`payment ${paymentIntentId} has ${left} left to refund`);
    if (this.hasOpenDispute(String(intent.latest_charge)))
      throw new Error(`payment ${paymentIntentId} is disputed`);
    const created = build.refund({
      paymentIntent: intent,
      amount: amount ?? left,
      reason: 'requested_by_customer',
      metadata: {},
      now: unixNow(),
    });
    this.refunds.set(created.id, created);
    return clone(created);
  }

  /** The cardholder disputes the charge of a PaymentIntent with their bank. */
  openDispute(
    paymentIntentId: string,
    reason: Stripe.Dispute['reason'] = 'fraudulent',
  ): Stripe.Dispute {
    const intent = this.mustFind(this.paymentIntents, 'payment intent', paymentIntentId);
    const charge = this.findCharge(String(intent.latest_charge))!;
    const created = build.dispute({ charge, reason, now: unixNow() });
    this.disputes.set(created.id, created);
    return clone(created);
  }

  /** The bank decides the dispute. */
  closeDispute(disputeId: string, status: 'won' | 'lost'): Stripe.Dispute {
    const found = this.mustFind(this.disputes, 'dispute', disputeId);
    found.status = status;
    found.is_charge_refundable = false;
    return clone(found);
  }

  /** What of a PaymentIntent has not been refunded yet. */
  refundable(intent: Stripe.PaymentIntent): number {
    let refunded = 0;
    for (const refund of this.refunds.values()) {
      if (refund.payment_intent === intent.id && refund.status === 'succeeded') {
        refunded += refund.amount;
      }
    }
    return intent.amount_received - refunded;
  }

  /** For test controls: a plain Error (a test bug), not an API answer. */
  private mustFind<T>(map: Map<string, T>, what: string, id: string): T {
    const found = map.get(id);
    if (!found) throw new Error(`the fake Stripe has no ${what} ${id}`);
    return found;
  }
}
