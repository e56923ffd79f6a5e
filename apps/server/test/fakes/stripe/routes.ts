import type Stripe from 'stripe';
import * as build from './objects';
import { clone, list, newId, shape, unixNow } from './objects';
import { invalid, noSuch, type TReader } from './params';
import type { StripeStore } from './store';

type TRouteContext = { params: TReader; match: string[]; expand: string[] };
type TRoute = {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handle: (context: TRouteContext) => object;
};

const ID = '([^/]+)';

/** The part of Stripe's v1 API that Muse uses, over the store. */
export function stripeRoutes(store: StripeStore): TRoute[] {
  const route = (method: TRoute['method'], path: string, handle: TRoute['handle']): TRoute => ({
    method,
    pattern: new RegExp(`^${path}$`),
    handle,
  });

  return [
    route('POST', '/v1/products', ({ params }) => {
      const id = params.string('id');
      if (id && store.products.has(id)) {
        throw invalid(`Product already exists.`, 'id', 'resource_already_exists');
      }
      const created = build.product({
        id,
        name: params.requiredString('name'),
        description: params.string('description'),
        active: params.boolean('active'),
        metadata: params.hash('metadata'),
        now: unixNow(),
      });
      store.products.set(created.id, created);
      return created;
    }),
    route('GET', `/v1/products/${ID}`, ({ match }) =>
      store.get(store.products, 'product', match[0]!),
    ),

    route('POST', '/v1/prices', ({ params }) => createPrice(store, params)),
    route('GET', '/v1/prices', ({ params }) => {
      const lookupKeys = params.strings('lookup_keys');
      const active = params.boolean('active');
      const product = params.string('product');
      const type = params.string('type');
      const currency = params.string('currency');
      const found = [...store.prices.values()].filter(
        (price) =>
          (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
          (active === undefined || price.active === active) &&
          (!product || price.product === product) &&
          (!type || price.type === type) &&
          (!currency || price.currency === currency),
      );
      return page(found, '/v1/prices', params);
    }),
    route('GET', `/v1/prices/${ID}`, ({ match }) => store.get(store.prices, 'price', match[0]!)),

    route('POST', '/v1/coupons', ({ params }) => {
      const id = params.string('id');
      if (id && store.coupons.has(id)) {
        throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
      }
      const percentOff = params.number('percent_off');
      if (percentOff === undefined) {
        throw invalid('Missing required param: percent_off.', 'percent_off', 'parameter_missing');
      }
      const duration = params.string('duration') ?? 'once';
      if (!['once', 'forever', 'repeating'].includes(duration)) {
        throw invalid('Invalid duration: must be one of forever, once, or repeating', 'duration');
      }
      const created = build.coupon({
        id,
        percentOff,
        duration: duration as Stripe.Coupon.Duration,
        name: params.string('name'),
        metadata: params.hash('metadata'),
        now: unixNow(),
      });
      store.coupons.set(created.id, created);
      return created;
    }),
    route('GET', `/v1/coupons/${ID}`, ({ match }) => store.get(store.coupons, 'coupon', match[0]!)),
    route('GET', '/v1/promotion_codes', ({ params }) => {
      const code = params.string('code')?.toLowerCase();
      const active = params.boolean('active');
      const found = [...store.promotionCodes.values()].filter(
        (promo) =>
          // Customers type codes in any case; Stripe matches them case-insensitively.
          (!code || promo.code.toLowerCase() === code) &&
          (active === undefined || promo.active === active),
      );
      return page(found, '/v1/promotion_codes', params);
    }),
    route('GET', `/v1/promotion_codes/${ID}`, ({ match }) =>
      store.get(store.promotionCodes, 'promotion code', match[0]!),
    ),

    route('POST', '/v1/customers', ({ params }) => {
      const created = build.customer({
        email: params.string('email') ?? null,
        name: params.string('name'),
        metadata: params.hash('metadata'),
        now: unixNow(),
      });
      store.customers.set(created.id, created);
      return created;
    }),
    route('GET', '/v1/customers', ({ params }) => {
      // Stripe matches the e-mail exactly, case included.
      const email = params.string('email');
      const found = [...store.customers.values()].filter(
        (customer) => !email || customer.email === email,
      );
      return page(found, '/v1/customers', params);
    }),
    route('GET', `/v1/customers/${ID}`, ({ match }) =>
      store.get(store.customers, 'customer', match[0]!),
    ),

    route('POST', '/v1/checkout/sessions', ({ params }) => createCheckoutSession(store, params)),
    route('GET', '/v1/checkout/sessions', ({ params }) => {
      const customer = params.string('customer');
      const status = params.string('status');
      const subscription = params.string('subscription');
      const paymentIntent = params.string('payment_intent');
      if (status && !['open', 'complete', 'expired'].includes(status)) {
        throw invalid('Invalid status: must be one of complete, expired, or open', 'status');
      }
      const found = [...store.sessions.values()].filter(
        (session) =>
          (!customer || session.customer === customer) &&
          (!status || session.status === status) &&
          (!subscription || session.subscription === subscription) &&
          (!paymentIntent || session.payment_intent === paymentIntent),
      );
      return page(found, '/v1/checkout/sessions', params);
    }),
    route('POST', `/v1/checkout/sessions/${ID}/expire`, ({ match }) => {
      const session = store.get(store.sessions, 'checkout session', match[0]!);
      if (session.status !== 'open') {
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
        );
      }
      // An expired session has no page to pay on any more.
      Object.assign(session, {
        status: 'expired',
        url: null,
      } satisfies Partial<Stripe.Checkout.Session>);
      return session;
    }),
    route('GET', `/v1/checkout/sessions/${ID}`, ({ match, expand }) => {
      const session = store.get(store.sessions, 'checkout session', match[0]!);
      // `line_items` is not on the session unless asked for.
      if (!expand.some((path) => path === 'line_items' || path.startsWith('line_items.'))) {
        return session;
      }
      return { ...session, line_items: sessionLineItems(store, session) };
    }),
    route('GET', `/v1/checkout/sessions/${ID}/line_items`, ({ match, params }) => {
      const session = store.get(store.sessions, 'checkout session', match[0]!);
      const { data, url } = sessionLineItems(store, session);
      return page(data, url, params);
    }),

    route('GET', `/v1/subscriptions/${ID}`, ({ match }) =>
      store.get(store.subscriptions, 'subscription', match[0]!),
    ),
    route('POST', `/v1/subscriptions/${ID}`, ({ match, params }) =>
      updateSubscription(store, store.get(store.subscriptions, 'subscription', match[0]!), params),
    ),
    route('DELETE', `/v1/subscriptions/${ID}`, ({ match }) => store.cancelSubscription(match[0]!)),

    route('GET', `/v1/invoices/${ID}`, ({ match }) =>
      store.get(store.invoices, 'invoice', match[0]!),
    ),
    route('GET', '/v1/invoice_payments', ({ params }) => {
      const invoice = params.string('invoice');
      const status = params.string('status');
      const found = [...store.invoicePayments.values()].filter(
        (payment) =>
          (!invoice || payment.invoice === invoice) && (!status || payment.status === status),
      );
      return page(found, '/v1/invoice_payments', params);
    }),
    route('GET', `/v1/invoice_payments/${ID}`, ({ match }) =>
      store.get(store.invoicePayments, 'invoice payment', match[0]!),
    ),
    route('GET', `/v1/payment_intents/${ID}`, ({ match }) =>
      store.get(store.paymentIntents, 'payment_intent', match[0]!),
    ),

    route('GET', `/v1/charges/${ID}`, ({ match }) => {
      const found = store.findCharge(match[0]!);
      if (!found) throw noSuch('charge', match[0]!, 'id', 404);
      return found;
    }),
    route('GET', '/v1/disputes', ({ params }) => {
      const charge = params.string('charge');
      const paymentIntent = params.string('payment_intent');
      const found = [...store.disputes.values()].filter(
        (dispute) =>
          (!charge || dispute.charge === charge) &&
          (!paymentIntent || dispute.payment_intent === paymentIntent),
      );
      return page(found, '/v1/disputes', params);
    }),
    route('GET', `/v1/disputes/${ID}`, ({ match }) =>
      store.get(store.disputes, 'dispute', match[0]!),
    ),

    route('POST', '/v1/refunds', ({ params }) => createRefund(store, params)),
    route('GET', '/v1/refunds', ({ params }) => {
      const paymentIntent = params.string('payment_intent');
      const charge = params.string('charge');
      const found = [...store.refunds.values()].filter(
        (refund) =>
          (!paymentIntent || refund.payment_intent === paymentIntent) &&
          (!charge || refund.charge === charge),
      );
      return page(found, '/v1/refunds', params);
    }),
    route('GET', `/v1/refunds/${ID}`, ({ match }) => store.get(store.refunds, 'refund', match[0]!)),

    route('POST', '/v1/accounts', ({ params }) => {
      const type = params.string('type') ?? 'standard';
      if (!['custom', 'express', 'standard'].includes(type)) {
        throw invalid('Invalid type: must be one of custom, express, or standard', 'type');
      }
      const created = build.account({
        type: type as Stripe.Account.Type,
        email: params.string('email') ?? null,
        country: params.string('country') ?? 'US',
        metadata: params.hash('metadata') ?? {},
        capabilities: requestedCapabilities(params),
        now: unixNow(),
      });
      store.accounts.set(created.id, created);
      return created;
    }),
    route('GET', `/v1/accounts/${ID}`, ({ match }) =>
      store.get(store.accounts, 'account', match[0]!),
    ),
    route('POST', '/v1/account_links', ({ params }) => {
      const accountId = params.requiredString('account');
      if (!store.accounts.has(accountId)) throw noSuch('account', accountId, 'account');
      const type = params.requiredString('type');
      if (!['account_onboarding', 'account_update'].includes(type)) {
        throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
      }
      for (const url of ['refresh_url', 'return_url']) {
        const value = params.requiredString(url);
        if (!/^https?:\/\//.test(value)) throw invalid(`Not a valid URL`, url, 'url_invalid');
      }
      const link = build.accountLink({
        url: `${store.baseUrl}/connect/setup/${newId('', 24)}`,
        now: unixNow(),
      });
      store.accountLinks.set(link.url, {
        account: accountId,
        returnUrl: params.requiredString('return_url'),
      });
      return link;
    }),

    route('POST', '/v1/transfers', ({ params }) => createTransfer(store, params)),
    route('GET', '/v1/transfers', ({ params }) => {
      const destination = params.string('destination');
      const transferGroup = params.string('transfer_group');
      const found = [...store.transfers.values()].filter(
        (transfer) =>
          (!destination || transfer.destination === destination) &&
          (!transferGroup || transfer.transfer_group === transferGroup),
      );
      return page(found, '/v1/transfers', params);
    }),
    route('GET', `/v1/transfers/${ID}`, ({ match }) =>
      store.get(store.transfers, 'transfer', match[0]!),
    ),
  ];
}

/** `capabilities[transfers][requested]=true`: the capabilities asked for (of those Muse uses). */
function requestedCapabilities(params: TReader): string[] {
  const capabilities = params.object('capabilities');
  return ['card_payments', 'transfers'].filter(
    (name) => capabilities?.object(name)?.boolean('requested') === true,
  );
}

/**
 * `price_data` of a line item: Stripe makes a one-off Price (and a Product from
 * `product_data`) for this session alone.
 */
function inlinePrice(store: StripeStore, data: TReader): Stripe.Price {
  const now = unixNow();
  let productId = data.string('product');
  const productData = data.object('product_data');
  if (productId && productData) {
    throw invalid('You may only specify one of these parameters: product, product_data.');
  }
  if (productData) {
    const created = build.product({
      name: productData.requiredString('name'),
      description: productData.string('description'),
      metadata: productData.hash('metadata'),
      now,
    });
    store.products.set(created.id, created);
    productId = created.id;
  }
  if (!productId) throw invalid('Missing required param: product.', 'product', 'parameter_missing');
  if (!store.products.has(productId)) throw noSuch('product', productId, 'product');
  const unitAmount = data.integer('unit_amount');
  if (unitAmount === undefined) {
    throw invalid('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
  }
  if (unitAmount < 0) throw invalid('Invalid non-negative integer', 'unit_amount');
  const recurring = data.object('recurring');
  const created = build.price({
    product: productId,
    unitAmount,
    currency: data.requiredString('currency').toLowerCase(),
    recurring: recurring
      ? {
          interval: recurring.requiredString('interval') as Stripe.Price.Recurring.Interval,
          intervalCount: recurring.integer('interval_count') ?? 1,
        }
      : undefined,
    active: false,
    now,
  });
  store.prices.set(created.id, created);
  return created;
}

/**
 * A transfer to a connected account. Stripe refuses one to an account whose `transfers`
 * capability is not active; a test can make the next one fail as an empty balance would.
 */
function createTransfer(store: StripeStore, params: TReader): Stripe.Transfer {
  const amount = params.integer('amount');
  if (amount === undefined) {
    throw invalid('Missing required param: amount.', 'amount', 'parameter_missing');
  }
  if (amount < 1) throw invalid('Invalid positive integer', 'amount');
  const currency = params.requiredString('currency').toLowerCase();
  const destination = params.requiredString('destination');
  const account = store.accounts.get(destination);
  if (!account) throw noSuch('destination', destination, 'destination');
  if (account.capabilities?.transfers !== 'active') {
    throw invalid(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'destination',
      'insufficient_capabilities_for_transfer',
    );
  }
  const failure = store.nextTransferFailure;
  if (failure) {
    store.nextTransferFailure = null;
    throw invalid(failure.message, undefined, failure.code);
  }
  const created = build.transfer({
    amount,
    currency,
    destination,
    description: params.string('description') ?? null,
    metadata: params.hash('metadata') ?? {},
    transferGroup: params.string('transfer_group') ?? null,
    now: unixNow(),
  });
  store.transfers.set(created.id, created);
  return created;
}

/** A list answer: newest first, `limit` (default 10) with `has_more`. */
function page<T>(items: T[], url: string, params: TReader): Stripe.ApiList<T> {
  const limit = params.integer('limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', 'limit');
  const newestFirst = [...items].reverse();
  return list(newestFirst.slice(0, limit), url, newestFirst.length > limit);
}

function createPrice(store: StripeStore, params: TReader): Stripe.Price {
  let productId = params.string('product');
  const productData = params.object('product_data');
  if (productId && productData) {
    throw invalid('You may only specify one of these parameters: product, product_data.');
  }
  if (productData) {
    const created = build.product({
      name: productData.requiredString('name'),
      metadata: productData.hash('metadata'),
      now: unixNow(),
    });
    store.products.set(created.id, created);
    productId = created.id;
  }
  if (!productId) throw invalid('Missing required param: product.', 'product', 'parameter_missing');
  if (!store.products.has(productId)) throw noSuch('product', productId, 'product');

  const recurringParams = params.object('recurring');
  let recurring: { interval: Stripe.Price.Recurring.Interval; intervalCount: number } | undefined;
  if (recurringParams) {
    const interval = recurringParams.requiredString('interval');
    if (!['day', 'week', 'month', 'year'].includes(interval)) {
      throw invalid(
        `Invalid recurring[interval]: must be one of day, week, month, or year`,
        'recurring[interval]',
      );
    }
    recurring = {
      interval: interval as Stripe.Price.Recurring.Interval,
      intervalCount: recurringParams.integer('interval_count') ?? 1,
    };
  }

  const lookupKey = params.string('lookup_key');
  const holder = [...store.prices.values()].find((p) => lookupKey && p.lookup_key === lookupKey);
  if (holder && !params.boolean('transfer_lookup_key')) {
    throw invalid(
      `A price (\`${holder.id}\`) already uses that lookup key.`,
      'lookup_key',
      'lookup_key_already_exists',
    );
  }
  if (holder) holder.lookup_key = null;

  const unitAmount = params.integer('unit_amount');
  if (unitAmount === undefined) {
    throw invalid('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
  }
  const created = build.price({
    product: productId,
    unitAmount,
    currency: params.requiredString('currency').toLowerCase(),
    recurring,
    lookupKey,
    nickname: params.string('nickname'),
    active: params.boolean('active'),
    metadata: params.hash('metadata'),
    now: unixNow(),
  });
  store.prices.set(created.id, created);
  return created;
}

function createCheckoutSession(store: StripeStore, params: TReader): Stripe.Checkout.Session {
  const mode = params.requiredString('mode');
  if (!['payment', 'setup', 'subscription'].includes(mode)) {
    throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
  }
  const customerId = params.string('customer');
  const customerEmail = params.string('customer_email');
  if (customerId && customerEmail) {
    throw invalid('You may only specify one of these parameters: customer, customer_email.');
  }
  if (customerId && !store.customers.has(customerId)) {
    throw noSuch('customer', customerId, 'customer');
  }
  const allowPromotionCodes = params.boolean('allow_promotion_codes');
  if (params.has('discounts') && allowPromotionCodes !== undefined) {
    throw invalid(
      'You may only specify one of these parameters: allow_promotion_codes, discounts.',
    );
  }

  const lineItems = params.objects('line_items').map((line, index) => {
    const priceId = line.string('price');
    const priceData = line.object('price_data');
    if (priceId && priceData) {
      throw invalid('You may only specify one of these parameters: price, price_data.');
    }
    if (!priceId && !priceData) {
      throw invalid(
        'Missing required param: price.',
        `line_items[${index}][price]`,
        'parameter_missing',
      );
    }
    const param = `line_items[${index}][price]`;
    const price = priceData ? inlinePrice(store, priceData) : store.prices.get(priceId!);
    if (!price) throw noSuch('price', priceId!, param);
    if (!priceData && !price.active) {
      throw invalid(
        'The price specified is inactive. This field only accepts active prices.',
        param,
      );
    }
    const quantity = line.integer('quantity');
    if (quantity === undefined) {
      throw invalid('Quantity is required.', `line_items[${index}][quantity]`, 'parameter_missing');
    }
    return { id: newId('li_'), price, quantity };
  });
  if (mode !== 'setup' && lineItems.length === 0) {
    throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
  }
  const hasRecurring = lineItems.some(({ price }) => price.recurring);
  if (mode === 'subscription' && !hasRecurring) {
    throw invalid(
      'You must specify at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );
  }
  if (mode === 'payment' && hasRecurring) {
    throw invalid(
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      'line_items',
    );
  }
  const subscriptionData = params.object('subscription_data');
  if (subscriptionData && mode !== 'subscription') {
    throw invalid(
      `You can not pass \`subscription_data\` in \`${mode}\` mode.`,
      'subscription_data',
    );
  }
  const paymentIntentData = params.object('payment_intent_data');
  if (paymentIntentData && mode !== 'payment') {
    throw invalid(
      `You can not pass \`payment_intent_data\` in \`${mode}\` mode.`,
      'payment_intent_data',
    );
  }
  const customerCreation = params.string('customer_creation');
  if (customerCreation && !['always', 'if_required'].includes(customerCreation)) {
    throw invalid(
      'Invalid customer_creation: must be one of always or if_required',
      'customer_creation',
    );
  }
  if (customerCreation && mode !== 'payment') {
    throw invalid('`customer_creation` can only be used in `payment` mode.', 'customer_creation');
  }

  let coupon: Stripe.Coupon | null = null;
  const discounts = params.objects('discounts').map((discount, index) => {
    const promotionCode = discount.string('promotion_code');
    const couponId = discount.string('coupon');
    if (promotionCode) {
      const promo = store.promotionCodes.get(promotionCode);
      if (!promo) {
        throw noSuch('promotion code', promotionCode, `discounts[${index}][promotion_code]`);
      }
      if (!promo.active) {
        throw invalid('This promotion code is not active.', `discounts[${index}][promotion_code]`);
      }
      coupon = store.coupons.get(String(promo.promotion.coupon)) ?? null;
    } else if (couponId) {
      coupon = store.coupons.get(couponId) ?? null;
      if (!coupon) throw noSuch('coupon', couponId, `discounts[${index}][coupon]`);
    }
    return { coupon: couponId ?? null, promotion_code: promotionCode ?? null };
  });

  const now = unixNow();
  const expiresAt = params.integer('expires_at') ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    throw invalid(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  const id = newId('cs_test_', 58);
  const amountSubtotal = lineItems.reduce(
    (sum, { price, quantity }) => sum + (price.unit_amount ?? 0) * quantity,
    0,
  );
  const percentOff = (coupon as Stripe.Coupon | null)?.percent_off ?? 0;
  const amountDiscount = Math.round((amountSubtotal * percentOff) / 100);
  const session = shape<Stripe.Checkout.Session>({
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: allowPromotionCodes ?? null,
    amount_subtotal: amountSubtotal,
    amount_total: amountSubtotal - amountDiscount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: params.string('cancel_url') ?? null,
    client_reference_id: params.string('client_reference_id') ?? null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: lineItems[0]?.price.currency ?? null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: customerId ?? null,
    customer_account: null,
    customer_creation:
      mode === 'payment'
        ? ((customerCreation as Stripe.Checkout.Session.CustomerCreation | undefined) ??
          'if_required')
        : null,
    customer_details: null,
    customer_email: customerEmail ?? null,
    discounts,
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: params.hash('metadata') ?? {},
    mode: mode as Stripe.Checkout.Session.Mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: mode === 'subscription' ? 'always' : null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.string('success_url') ?? null,
    total_details: { amount_discount: amountDiscount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `https://checkout.stripe.com/c/pay/${id}`,
  });
  store.sessions.set(id, session);
  store.sessionExtras.set(id, {
    lineItems: lineItems.map(({ id: itemId, price, quantity }) => ({
      id: itemId,
      price: price.id,
      quantity,
    })),
    subscriptionMetadata: subscriptionData?.hash('metadata') ?? {},
    paymentIntentMetadata: paymentIntentData?.hash('metadata') ?? {},
    coupon,
  });
  return session;
}

function sessionLineItems(
  store: StripeStore,
  session: Stripe.Checkout.Session,
): Stripe.ApiList<Stripe.LineItem> {
  const extras = store.sessionExtras.get(session.id)!;
  const percentOff = extras.coupon?.percent_off ?? 0;
  const items = extras.lineItems.map(({ id, price: priceId, quantity }) => {
    const price = store.prices.get(priceId)!;
    const subtotal = (price.unit_amount ?? 0) * quantity;
    const discount = Math.round((subtotal * percentOff) / 100);
    return shape<Stripe.LineItem>({
      id,
      object: 'item',
      adjustable_quantity: null,
      amount_discount: discount,
      amount_subtotal: subtotal,
      amount_tax: 0,
      amount_total: subtotal - discount,
      currency: price.currency,
      description: store.products.get(String(price.product))?.name ?? null,
      metadata: {},
      price: clone(price),
      quantity,
    });
  });
  return list(items, `/v1/checkout/sessions/${session.id}/line_items`);
}

/** A refund of a PaymentIntent (or of its charge), in full unless `amount` says less. */
function createRefund(store: StripeStore, params: TReader): Stripe.Refund {
  const paymentIntentId = params.string('payment_intent');
  const chargeId = params.string('charge');
  if (paymentIntentId && chargeId) {
    throw invalid('You may only specify one of these parameters: charge, payment_intent.');
  }
  if (!paymentIntentId && !chargeId) {
    throw invalid(
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  }
  const intent = paymentIntentId
    ? store.paymentIntents.get(paymentIntentId)
    : [...store.paymentIntents.values()].find((pi) => pi.latest_charge === chargeId);
  if (!intent) {
    throw paymentIntentId
      ? noSuch('payment_intent', paymentIntentId, 'payment_intent')
      : noSuch('charge', chargeId!, 'charge');
  }
  const reason = params.string('reason');
  if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
    throw invalid(
      'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
      'reason',
    );
  }
  const left = store.refundable(intent);
  const charge = String(intent.latest_charge);
  if (store.hasOpenDispute(charge)) {
    throw invalid(
      `Charge ${charge} has been charged back; cannot issue a refund.`,
      undefined,
      'charge_disputed',
    );
  }
  if (left <= 0) {
    throw invalid(
      `Charge ${charge} has already been refunded.`,
      undefined,
      'charge_already_refunded',
    );
  }
  const amount = params.integer('amount') ?? left;
  if (amount <= 0) throw invalid('Invalid positive integer', 'amount');
  if (amount > left) {
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    throw invalid(
      `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      'amount',
    );
  }
  const created = build.refund({
    paymentIntent: intent,
    amount,
    reason: (reason as Stripe.Refund.Reason | undefined) ?? null,
    metadata: params.hash('metadata') ?? {},
    now: unixNow(),
  });
  store.refunds.set(created.id, created);
  return created;
}

function updateSubscription(
  store: StripeStore,
  subscription: Stripe.Subscription,
  params: TReader,
): Stripe.Subscription {
  const metadata = params.hash('metadata');
  const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
  const items = params.objects('items');
  if (subscription.status === 'canceled' && (cancelAtPeriodEnd !== undefined || items.length)) {
    throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
  }
  if (metadata) {
    // `metadata=` (read as an empty hash) clears every key; `metadata[k]=` clears one.
    const cleared = Object.keys(metadata).length === 0;
    const merged: Record<string, string> = cleared ? {} : { ...subscription.metadata, ...metadata };
    for (const [key, value] of Object.entries(metadata)) if (value === '') delete merged[key];
    subscription.metadata = merged;
  }
  if (cancelAtPeriodEnd !== undefined) {
    Object.assign(subscription, {
      cancel_at_period_end: cancelAtPeriodEnd,
      cancel_at: cancelAtPeriodEnd ? subscription.items.data[0]!.current_period_end : null,
      // Stripe sets canceled_at when the cancellation is requested, not when it takes effect.
      canceled_at: cancelAtPeriodEnd ? unixNow() : null,
      cancellation_details: {
        ...subscription.cancellation_details!,
        reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
      },
    } satisfies Partial<Stripe.Subscription>);
  }
  items.forEach((item, index) => {
    const itemId = item.string('id');
    if (itemId && itemId !== subscription.items.data[0]!.id) {
      throw noSuch('subscription item', itemId, `items[${index}][id]`);
    }
    const priceId = item.string('price');
    if (!priceId) return;
    const price = store.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, `items[${index}][price]`);
    store.swapPrice(subscription, price, `items[${index}][price]`);
  });
  return subscription;
}
