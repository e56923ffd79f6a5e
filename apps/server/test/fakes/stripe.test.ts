import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, stripeClientFor, type TFakeStripe } from './stripe';

let fake: TFakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = stripeClientFor(fake);
});
afterAll(() => fake.stop());

const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/** A product with a monthly and a yearly price, looked up by key the way Muse finds its plans. */
async function createPlan(suffix: string) {
  const product = await stripe.products.create({
    name: `Muse Pro ${suffix}`,
    metadata: { plan: 'pro' },
  });
  const monthly = await stripe.prices.create({
    product: product.id,
    unit_amount: 1900,
    currency: 'usd',
    recurring: { interval: 'month' },
    lookup_key: `pro_monthly_${suffix}`,
    nickname: 'Pro monthly',
    metadata: { plan: 'pro' },
  });
  const yearly = await stripe.prices.create({
    product: product.id,
    unit_amount: 19000,
    currency: 'usd',
    recurring: { interval: 'year' },
    lookup_key: `pro_yearly_${suffix}`,
  });
  return { product, monthly, yearly };
}

describe('the fake Stripe, driven by the real stripe client', () => {
  it('creates products and prices and finds prices by lookup key with the product expanded', async () => {
    const { product, monthly, yearly } = await createPlan('a');
    expect(product).toMatchObject({ object: 'product', name: 'Muse Pro a', active: true });
    expect(product.id).toMatch(/^prod_/);
    expect(await stripe.products.retrieve(product.id)).toEqual(product);
    expect(monthly).toMatchObject({
      object: 'price',
      product: product.id,
      unit_amount: 1900,
      currency: 'usd',
      lookup_key: 'pro_monthly_a',
      nickname: 'Pro monthly',
      metadata: { plan: 'pro' },
      recurring: { interval: 'month', interval_count: 1 },
      active: true,
      type: 'recurring',
    });
    expect(monthly.id).toMatch(/^price_/);
    expect(yearly.recurring?.interval).toBe('year');

    const prices = await stripe.prices.list({
      lookup_keys: ['pro_monthly_a', 'pro_yearly_a'],
      active: true,
      expand: ['data.product'],
    });
    expect(prices).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    expect(prices.data.map((price) => price.lookup_key).sort()).toEqual([
      'pro_monthly_a',
      'pro_yearly_a',
    ]);
    expect(prices.data[0]!.product).toMatchObject({ id: product.id, name: 'Muse Pro a' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/prices',
      query: { lookup_keys: ['pro_monthly_a', 'pro_yearly_a'], active: 'true' },
    });
    expect(await stripe.prices.retrieve(monthly.id)).toEqual(monthly);

    // `lookup_keys[]=` (how other clients and curl write it) works too.
    const viaBrackets = await fetch(`${fake.url}/v1/prices?lookup_keys[]=pro_yearly_a`, {
      headers: { authorization: `Bearer ${fake.apiKey}` },
    });
    const body = (await viaBrackets.json()) as Stripe.ApiList<Stripe.Price>;
    expect(body.data.map((price) => price.id)).toEqual([yearly.id]);

    await expect(
      stripe.prices.create({
        product: product.id,
        unit_amount: 1,
        currency: 'usd',
        lookup_key: 'pro_monthly_a',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'lookup_key' });
  });

  it('finds a promotion code by its code, with the coupon under promotion.coupon', async () => {
    const promo = fake.addPromotionCode('LAUNCH20', 20);
    const found = await stripe.promotionCodes.list({
      code: 'launch20',
      active: true,
      expand: ['data.promotion.coupon'],
    });
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ id: promo.id, code: 'LAUNCH20', active: true });
    expect(found.data[0]!.id).toMatch(/^promo_/);
    expect(found.data[0]!.promotion.coupon).toMatchObject({ object: 'coupon', percent_off: 20 });
    expect((await stripe.promotionCodes.list({ code: 'NOPE' })).data).toEqual([]);
  });

  it('creates a coupon under its own id, applies it once to a checkout and its first invoice', async () => {
    const coupon = await stripe.coupons.create({
      id: 'first_month_half',
      percent_off: 50,
      duration: 'once',
      name: 'First month 50% off',
    });
    expect(coupon).toMatchObject({ id: 'first_month_half', percent_off: 50, duration: 'once' });
    await expect(
      stripe.coupons.create({ id: 'first_month_half', percent_off: 50, duration: 'once' }),
    ).rejects.toMatchObject({ code: 'resource_already_exists' });
    await expect(stripe.coupons.retrieve('no_such_coupon')).rejects.toMatchObject({
      statusCode: 404,
    });

    const { monthly } = await createPlan('coupon');
    const customer = await stripe.customers.create({ email: 'half@example.com' });
    const now = Math.floor(Date.now() / 1000);
    // Stripe keeps a session open between 30 minutes and 24 hours.
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: monthly.id, quantity: 1 }],
        success_url: 'https://muse.test/ok',
        expires_at: now + 10 * 60,
      }),
    ).rejects.toMatchObject({ param: 'expires_at' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthly.id, quantity: 1 }],
      success_url: 'https://muse.test/ok',
      discounts: [{ coupon: coupon.id }],
      expires_at: now + 2 * 3600,
    });
    expect(session).toMatchObject({
      amount_subtotal: 1900,
      amount_total: 950,
      expires_at: now + 2 * 3600,
      discounts: [{ coupon: coupon.id, promotion_code: null }],
    });
    const paid = fake.completeCheckout(session.id);
    expect(paid.invoice.amount_paid).toBe(950);
    expect(fake.renewSubscription(paid.subscription.id).amount_paid).toBe(1900);
  });

  it('runs a subscription from checkout through renewal, failure, upgrade and cancellation', async () => {
    const { monthly, yearly } = await createPlan('b');
    const promo = fake.addPromotionCode('WELCOME10', 10);
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      line_items: [{ price: monthly.id, quantity: 1 }],
      success_url: 'http://muse.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://muse.test/billing',
      client_reference_id: 'user-42',
      customer_email: 'ada@example.com',
      metadata: { userId: 'user-42', plan: 'pro' },
      subscription_data: { metadata: { userId: 'user-42', plan: 'pro' } },
      discounts: [{ promotion_code: promo.id }],
    };
    const session = await stripe.checkout.sessions.create(params, {
      idempotencyKey: 'checkout-user-42-1',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${session.id}`,
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      client_reference_id: 'user-42',
      customer: null,
      customer_email: 'ada@example.com',
      metadata: { userId: 'user-42', plan: 'pro' },
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      discounts: [{ coupon: null, promotion_code: promo.id }],
      allow_promotion_codes: null,
      amount_subtotal: 1900,
      amount_total: 1710,
      currency: 'usd',
      subscription: null,
    });
    expect(session).not.toHaveProperty('line_items');

    // What Muse sent, as Stripe receives it.
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: monthly.id, quantity: '1' }],
      client_reference_id: 'user-42',
      metadata: { userId: 'user-42' },
      subscription_data: { metadata: { userId: 'user-42', plan: 'pro' } },
      discounts: [{ promotion_code: promo.id }],
    });
    expect(sent.headers['idempotency-key']).toBe('checkout-user-42-1');
    expect(sent.headers.authorization).toBe('Bearer sk_test_fake');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');

    // The same idempotency key answers the same session; other parameters are refused.
    const replay = await stripe.checkout.sessions.create(params, {
      idempotencyKey: 'checkout-user-42-1',
    });
    expect(replay.id).toBe(session.id);
    await expect(
      stripe.checkout.sessions.create(
        { ...params, client_reference_id: 'someone-else' },
        { idempotencyKey: 'checkout-user-42-1' },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    expect(await stripe.checkout.sessions.retrieve(session.id)).toEqual(session);
    const withItems = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items'],
    });
    expect(withItems.line_items?.data[0]).toMatchObject({
      object: 'item',
      quantity: 1,
      price: { id: monthly.id },
    });

    // The customer pays on Checkout.
    const now = new Date('2026-01-31T12:00:00Z');
    const completion = fake.completeCheckout(session.id, { now });
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer: completion.subscription.customer,
      invoice: completion.invoice.id,
      subscription: { id: completion.subscription.id, object: 'subscription' },
    });

    const subscription = await stripe.subscriptions.retrieve(completion.subscription.id);
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      metadata: { userId: 'user-42', plan: 'pro' },
      cancel_at_period_end: false,
      canceled_at: null,
      start_date: at('2026-01-31T12:00:00Z'),
      created: at('2026-01-31T12:00:00Z'),
      latest_invoice: completion.invoice.id,
    });
    const item = subscription.items.data[0]!;
    expect(item.id).toMatch(/^si_/);
    expect(item).toMatchObject({
      object: 'subscription_item',
      price: { id: monthly.id, recurring: { interval: 'month', interval_count: 1 } },
      quantity: 1,
      current_period_start: at('2026-01-31T12:00:00Z'),
      // A month after the 31st of January is the last day of February.
      current_period_end: at('2026-02-28T12:00:00Z'),
    });
    expect(subscription).not.toHaveProperty('current_period_end');

    const customer = await stripe.customers.retrieve(String(subscription.customer));
    expect(customer).toMatchObject({ object: 'customer', email: 'ada@example.com' });
    expect(customer.id).toMatch(/^cus_/);

    const first = await stripe.invoices.retrieve(completion.invoice.id);
    expect(first.id).toMatch(/^in_/);
    expect(first).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_create',
      customer: customer.id,
      currency: 'usd',
      amount_paid: 1710, // 10% off the first invoice
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { userId: 'user-42' } },
      },
    });
    expect(first.lines.data[0]).toMatchObject({
      pricing: { price_details: { price: monthly.id } },
      period: { start: item.current_period_start, end: item.current_period_end },
    });

    // Cancel at period end, then change of mind; a subscription that will cancel does not renew.
    const cancelling = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(cancelling).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: item.current_period_end,
      status: 'active',
    });
    expect(cancelling.canceled_at).toEqual(expect.any(Number));
    expect(() => fake.renewSubscription(subscription.id)).toThrow(/cancel at period end/);
    const resumed = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    const renewal = fake.renewSubscription(subscription.id);
    expect(await stripe.invoices.retrieve(renewal.id)).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 1900, // the coupon was for the first invoice only
      // The invoice's own period is the one that ended; its line carries the one paid for.
      period_start: at('2026-01-31T12:00:00Z'),
      period_end: at('2026-02-28T12:00:00Z'),
      lines: {
        data: [{ period: { start: at('2026-02-28T12:00:00Z'), end: at('2026-03-31T12:00:00Z') } }],
      },
    });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: at('2026-02-28T12:00:00Z'),
      current_period_end: at('2026-03-31T12:00:00Z'),
    });
    expect(renewed.latest_invoice).toBe(renewal.id);

    const failed = fake.failPayment(subscription.id);
    expect(failed).toMatchObject({ status: 'open', amount_paid: 0, amount_remaining: 1900 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    fake.payInvoice(failed.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');

    fake.changePrice(subscription.id, yearly.id);
    const upgraded = await stripe.subscriptions.retrieve(subscription.id);
    expect(upgraded.items.data[0]!.price.id).toBe(yearly.id);

    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v1/subscriptions/${subscription.id}`,
    });
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  });

  it('refuses checkout sessions Stripe would refuse', async () => {
    const { monthly } = await createPlan('c');
    const promo = fake.addPromotionCode('BOTH', 5);
    const base: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      line_items: [{ price: monthly.id, quantity: 1 }],
      success_url: 'http://muse.test/ok',
    };

    await expect(
      stripe.checkout.sessions.create({
        ...base,
        line_items: [{ price: 'price_doesnotexist', quantity: 1 }],
      }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_doesnotexist'",
    });
    const unknownPrice = await stripe.checkout.sessions
      .create({ ...base, line_items: [{ price: 'price_nope', quantity: 1 }] })
      .catch((error: unknown) => error);
    expect(unknownPrice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);

    await expect(
      stripe.checkout.sessions.create({
        ...base,
        allow_promotion_codes: true,
        discounts: [{ promotion_code: promo.id }],
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });

    const allowed = await stripe.checkout.sessions.create({
      ...base,
      customer: (await stripe.customers.create({ email: 'known@example.com' })).id,
      allow_promotion_codes: true,
    });
    expect(allowed).toMatchObject({ allow_promotion_codes: true, discounts: [] });
    const completion = fake.completeCheckout(allowed.id);
    expect(completion.subscription.customer).toBe(allowed.customer);

    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.checkout.sessions.retrieve(allowed.id, { expand: ['mode'] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });

  it('lists and expires open checkouts, and finds customers by e-mail', async () => {
    const { monthly, yearly } = await createPlan('e');
    const customer = await stripe.customers.create({
      email: 'open@example.com',
      metadata: { userId: 'user-9' },
    });
    await stripe.customers.create({ email: 'Open@example.com' });
    const found = await stripe.customers.list({ email: 'open@example.com' });
    expect(found.data.map((c) => [c.id, c.metadata])).toEqual([
      [customer.id, { userId: 'user-9' }],
    ]);

    const base = {
      mode: 'subscription' as const,
      customer: customer.id,
      success_url: 'http://muse.test/ok',
    };
    const first = await stripe.checkout.sessions.create({
      ...base,
      line_items: [{ price: monthly.id, quantity: 1 }],
    });
    const second = await stripe.checkout.sessions.create({
      ...base,
      line_items: [{ price: yearly.id, quantity: 1 }],
    });
    const open = await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' });
    expect(open.data.map((session) => session.id)).toEqual([second.id, first.id]); // newest first

    const expired = await stripe.checkout.sessions.expire(first.id);
    expect(expired).toMatchObject({ id: first.id, status: 'expired', url: null });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${first.id}/expire`,
    });
    await expect(stripe.checkout.sessions.expire(first.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message:
        'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
    });
    expect(() => fake.completeCheckout(first.id)).toThrow(/expired/);
    expect(
      (await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' })).data,
    ).toEqual([expect.objectContaining({ id: second.id })]);
    expect(
      (await stripe.checkout.sessions.list({ customer: customer.id, status: 'expired' })).data,
    ).toEqual([expect.objectContaining({ id: first.id })]);
  });

  it("refunds an invoice's payment once, found through its invoice payments", async () => {
    const { monthly, yearly } = await createPlan('f');
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: monthly.id, quantity: 1 }],
      customer_email: 'refund@example.com',
      subscription_data: { metadata: { userId: 'user-5', plan: 'pro' } },
    });
    const { invoice, subscription } = fake.completeCheckout(session.id);

    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, status: 'paid' });
    expect(payments.data).toHaveLength(1);
    const [payment] = payments.data;
    expect(payment).toMatchObject({
      object: 'invoice_payment',
      invoice: invoice.id,
      amount_paid: 1900,
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: expect.stringMatching(/^pi_/) },
    });
    const intentId = String(payment!.payment.payment_intent);
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      amount_received: 1900,
      status: 'succeeded',
      customer: subscription.customer,
    });

    const refund = await stripe.refunds.create({
      payment_intent: intentId,
      reason: 'duplicate',
      metadata: { subscription: subscription.id },
    });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 1900,
      payment_intent: intentId,
      reason: 'duplicate',
      status: 'succeeded',
      metadata: { subscription: subscription.id },
    });
    expect((await stripe.refunds.list({ payment_intent: intentId })).data).toEqual([refund]);
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_missing' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'payment_intent',
    });

    // A subscription's metadata merges on update, and the price changes in place.
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: yearly.id }],
      metadata: { plan: 'pro-yearly' },
    });
    expect(updated.metadata).toEqual({ userId: 'user-5', plan: 'pro-yearly' });
    expect(updated.items.data[0]!.price.id).toBe(yearly.id);

    // A renewal that fails has no payment; its retry does.
    const failed = fake.failPayment(subscription.id);
    expect((await stripe.invoicePayments.list({ invoice: failed.id })).data).toEqual([]);
    fake.payInvoice(failed.id);
    expect((await stripe.invoicePayments.list({ invoice: failed.id })).data).toHaveLength(1);
  });

  it('signs events that stripe.webhooks.constructEvent accepts, and only untampered', async () => {
    const { monthly } = await createPlan('d');
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: monthly.id, quantity: 1 }],
      customer_email: 'webhook@example.com',
      client_reference_id: 'user-7',
    });
    const { invoice } = fake.completeCheckout(session.id);
    const { event, payload, signature } = fake.event('invoice.paid', invoice);
    expect(event).toMatchObject({
      object: 'event',
      type: 'invoice.paid',
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    expect(event.id).toMatch(/^evt_/);

    const verified = stripe.webhooks.constructEvent(payload, signature, fake.webhookSecret);
    expect(verified.id).toBe(event.id);
    expect(verified.type).toBe('invoice.paid');
    expect(verified.data.object).toMatchObject({
      id: invoice.id,
      billing_reason: 'subscription_create',
    });

    const tampered = payload.replace('"amount_paid": 1900', '"amount_paid": 0');
    expect(tampered).not.toBe(payload);
    expect(() => stripe.webhooks.constructEvent(tampered, signature, fake.webhookSecret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(payload, signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const stale = fake.event('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() =>
      stripe.webhooks.constructEvent(stale.payload, stale.signature, fake.webhookSecret),
    ).toThrow(/tolerance zone/i);
  });

  it('answers 401 to a missing or non-secret API key', async () => {
    await expect(stripeClientFor(fake, 'pk_test_public').products.list()).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(stripeClientFor(fake, 'nonsense').prices.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });

    const anonymous = await fetch(`${fake.url}/v1/prices`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('API key') },
    });
  });
});

describe('the fake Stripe: payment-mode checkouts, Connect accounts and transfers', () => {
  it('runs a payment-mode checkout of a price_data line: amount, metadata on the payment, one refund', async () => {
    const metadata = { kind: 'post', postId: 'post-1', buyerId: 'fan-1' };
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 4999,
            product_data: { name: 'Post by Ava' },
          },
        },
      ],
      customer_email: 'fan@example.com',
      client_reference_id: 'fan-1',
      metadata,
      payment_intent_data: { metadata },
      success_url: 'http://muse.test/i/ava/posts/post-1?purchase=success',
      cancel_url: 'http://muse.test/i/ava/posts/post-1?purchase=cancelled',
    });
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 4999,
      currency: 'usd',
      customer: null,
      customer_email: 'fan@example.com',
      payment_intent: null,
      metadata,
    });
    const { line_items: lines } = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items'],
    });
    expect(lines?.data[0]).toMatchObject({
      amount_total: 4999,
      description: 'Post by Ava',
      price: { unit_amount: 4999, type: 'one_time', recurring: null },
    });

    expect(() => fake.completeCheckout(session.id)).toThrow(/payment mode/);
    const { completed, paymentIntent } = fake.completeCheckout(session.id, { mode: 'payment' });
    const verified = stripe.webhooks.constructEvent(
      completed.payload,
      completed.signature,
      fake.webhookSecret,
    );
    expect(verified).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: session.id, payment_status: 'paid' } },
    });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent.id,
      customer_details: { email: 'fan@example.com' },
    });
    expect(await stripe.paymentIntents.retrieve(paymentIntent.id)).toMatchObject({
      amount: 4999,
      amount_received: 4999,
      status: 'succeeded',
      metadata,
    });
    expect(
      (await stripe.checkout.sessions.list({ payment_intent: paymentIntent.id })).data,
    ).toEqual([expect.objectContaining({ id: session.id })]);

    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent.id, reason: 'duplicate' },
      { idempotencyKey: 'refund-once' },
    );
    expect(refund).toMatchObject({ amount: 4999, status: 'succeeded', reason: 'duplicate' });
    const again = await stripe.refunds.create(
      { payment_intent: paymentIntent.id, reason: 'duplicate' },
      { idempotencyKey: 'refund-once' },
    );
    expect(again.id).toBe(refund.id);
    await expect(stripe.refunds.create({ payment_intent: paymentIntent.id })).rejects.toMatchObject(
      { code: 'charge_already_refunded' },
    );
  });

  it('keeps a delayed payment unpaid until it settles, then sends async_payment_succeeded', async () => {
    const customer = await stripe.customers.create({ email: 'slow@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 333, product_data: { name: 'x' } },
        },
      ],
      success_url: 'http://muse.test/ok',
    });
    const done = fake.completeCheckout(session.id, { mode: 'payment', delayed: true });
    expect(done.session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(done.paymentIntent).toMatchObject({ status: 'processing', customer: customer.id });
    expect(
      (await stripe.checkout.sessions.list({ customer: customer.id, status: 'complete' })).data,
    ).toEqual([expect.objectContaining({ id: session.id })]);

    const { succeeded, session: settled } = fake.settleDelayedPayment(session.id);
    expect(succeeded.event.type).toBe('checkout.session.async_payment_succeeded');
    expect(settled.payment_status).toBe('paid');
    expect(await stripe.paymentIntents.retrieve(done.paymentIntent.id)).toMatchObject({
      status: 'succeeded',
      amount_received: 333,
    });
    expect(() => fake.settleDelayedPayment(session.id)).toThrow(/no delayed payment/);
  });

  it('refuses payment-mode parameters Stripe would refuse', async () => {
    const { monthly } = await createPlan('g');
    const line = {
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'y' } },
    };
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [line],
        subscription_data: { metadata: { a: 'b' } },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_data' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: monthly.id, quantity: 1 }],
        payment_intent_data: { metadata: { a: 'b' } },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'payment_intent_data' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ ...line, price: monthly.id }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('price_data') });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', product_data: { name: 'z' } } }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing' });
  });

  it('makes connected accounts, onboarding links, and transfers only to accounts that take them', async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      email: 'creator@example.com',
      metadata: { userId: 'creator-1' },
      capabilities: { transfers: { requested: true } },
    });
    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      email: 'creator@example.com',
      metadata: { userId: 'creator-1' },
      capabilities: { transfers: 'inactive' },
      details_submitted: false,
      payouts_enabled: false,
    });
    expect(account.id).toMatch(/^acct_/);
    expect(await stripe.accounts.retrieve(account.id)).toEqual(account);
    await expect(stripe.accounts.retrieve('acct_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://muse.test/earnings?payouts=refresh',
      return_url: 'http://muse.test/earnings?payouts=return',
    });
    expect(link).toMatchObject({ object: 'account_link', url: expect.stringMatching(/^http:/) });
    expect(link.url.startsWith(fake.url)).toBe(true);
    expect((await fetch(link.url)).status).toBe(200);
    await expect(
      stripe.accountLinks.create({
        account: 'acct_missing',
        type: 'account_onboarding',
        refresh_url: 'http://muse.test/r',
        return_url: 'http://muse.test/r',
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'account' });

    const transfer = { amount: 1500, currency: 'usd', destination: account.id };
    await expect(stripe.transfers.create(transfer)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'insufficient_capabilities_for_transfer',
      param: 'destination',
    });

    const { account: ready, updated } = fake.finishOnboarding(account.id);
    expect(ready).toMatchObject({ capabilities: { transfers: 'active' }, details_submitted: true });
    expect(updated.event).toMatchObject({
      type: 'account.updated',
      data: { object: { id: account.id } },
    });
    expect((await stripe.accounts.retrieve(account.id)).capabilities?.transfers).toBe('active');

    const sent = await stripe.transfers.create(
      { ...transfer, transfer_group: 'payout-1', metadata: { payoutId: 'payout-1' } },
      { idempotencyKey: 'payout-1' },
    );
    expect(sent).toMatchObject({
      object: 'transfer',
      amount: 1500,
      currency: 'usd',
      destination: account.id,
      transfer_group: 'payout-1',
      metadata: { payoutId: 'payout-1' },
      reversed: false,
    });
    const replayed = await stripe.transfers.create(
      { ...transfer, transfer_group: 'payout-1', metadata: { payoutId: 'payout-1' } },
      { idempotencyKey: 'payout-1' },
    );
    expect(replayed.id).toBe(sent.id);
    expect(await stripe.transfers.retrieve(sent.id)).toEqual(sent);
    expect((await stripe.transfers.list({ destination: account.id })).data).toEqual([sent]);
    expect((await stripe.transfers.list({ transfer_group: 'payout-1' })).data).toEqual([sent]);
    expect((await stripe.transfers.list({ transfer_group: 'payout-2' })).data).toEqual([]);

    fake.failNextTransfer();
    await expect(stripe.transfers.create(transfer)).rejects.toMatchObject({
      statusCode: 400,
      code: 'balance_insufficient',
    });
    expect((await stripe.transfers.create(transfer)).amount).toBe(1500);
    await expect(
      stripe.transfers.create({ ...transfer, destination: 'acct_missing' }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'destination' });
  });

  it("finishes onboarding from the link's page and sends the owner back", async () => {
    const account = await stripe.accounts.create({
      type: 'express',
      capabilities: { transfers: { requested: true } },
    });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://muse.test/earnings?payouts=refresh',
      return_url: 'http://muse.test/earnings?payouts=return',
    });
    const submitted = await fetch(link.url, { method: 'POST', redirect: 'manual' });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('http://muse.test/earnings?payouts=return');
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      capabilities: { transfers: 'active' },
      details_submitted: true,
    });
    expect((await fetch(`${fake.url}/connect/setup/unknown`)).status).toBe(404);
  });
});
