import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { clone, newId, unixNow } from './objects';
import { parseStripeParams, reader, StripeApiError, type TParams } from './params';
import { expandObject } from './expand';
import { stripeRoutes } from './routes';
import { StripeStore, type TPaymentCheckout, type TSubscriptionCheckout } from './store';

export type { TParams as TFakeStripeParams } from './params';

/** One request the fake received, as Muse sent it. */
export type TFakeStripeRequest = {
  method: string;
  /** Without the query string, e.g. `/v1/checkout/sessions`. */
  path: string;
  /** The parsed query string (GET and DELETE carry their parameters here). */
  query: TParams;
  /** The parsed form body of a POST, e.g. `{line_items: [{price: 'price_…', quantity: '1'}]}`; values stay strings. */
  body: TParams;
  /** Lower-cased: `authorization`, `idempotency-key`, `stripe-version`, … */
  headers: IncomingHttpHeaders;
};

export type TFakeStripeEvent = {
  event: Stripe.Event;
  /** The raw body Stripe would POST to the webhook endpoint. */
  payload: string;
  /** A valid `Stripe-Signature` header for `payload` under `webhookSecret`. */
  signature: string;
};

/** A subscription-mode Checkout paid, with the `checkout.session.completed` Stripe then sends. */
export type TCheckoutCompletion = TSubscriptionCheckout & { completed: TFakeStripeEvent };

/** A payment-mode Checkout completed, with the `checkout.session.completed` Stripe then sends. */
export type TPaymentCompletion = TPaymentCheckout & { completed: TFakeStripeEvent };

export type TFakeStripe = {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** A key the fake accepts (any `sk_…` is accepted). */
  apiKey: string;
  /** The `whsec_…` secret `event()` signs with. */
  webhookSecret: string;
  /** Every request received, oldest first (clear with `requests.length = 0`). */
  requests: TFakeStripeRequest[];

  /** Creates a coupon (`percent_off`, duration `once` unless told) and a `promo_…` code for it. */
  addPromotionCode(
    code: string,
    percentOff: number,
    options?: { duration?: 'once' | 'forever'; active?: boolean },
  ): Stripe.PromotionCode;
  /**
   * The customer pays on Checkout (subscription mode): a customer (from `customer_email`, or
   * the session's `customer`), an active subscription with the session's
   * `subscription_data.metadata`, and a paid `subscription_create` invoice (settled by a
   * PaymentIntent, listed under `/v1/invoice_payments` and refundable through `/v1/refunds`).
   * `now`: a Date or unix seconds (default: the wall clock).
   */
  completeCheckout(
    sessionId: string,
    options?: { now?: number | Date; email?: string; mode?: 'subscription' },
  ): TCheckoutCompletion;
  /**
   * The customer pays on Checkout (payment mode; say so with `mode: 'payment'`): a PaymentIntent
   * for the session's `amount_total` with its `payment_intent_data.metadata`, refundable through
   * `/v1/refunds`. `delayed`: a payment method that settles later; the session is complete but
   * `unpaid` until `settleDelayedPayment`.
   */
  completeCheckout(
    sessionId: string,
    options: { now?: number | Date; email?: string; mode: 'payment'; delayed?: boolean },
  ): TPaymentCompletion;
  /** A delayed payment succeeds: with the `checkout.session.async_payment_succeeded` event. */
  settleDelayedPayment(sessionId: string): TPaymentCheckout & { succeeded: TFakeStripeEvent };
  /**
   * The connected account's owner finishes Connect onboarding (as the page an account link opens
   * does): transfers active, details submitted; with the `account.updated` event.
   */
  finishOnboarding(accountId: string): { account: Stripe.Account; updated: TFakeStripeEvent };
  /**
   * The next `POST /v1/transfers` is refused (by default as Stripe refuses a transfer the
   * platform's balance cannot cover); later ones go through again.
   */
  failNextTransfer(failure?: { message: string; code: string }): void;
  /**
   * Someone refunds a payment in the Stripe Dashboard (in full unless `amount` says less): the
   * refund, and the `charge.refunded` event Stripe then sends with the charge.
   */
  refundPayment(
    paymentIntentId: string,
    options?: { amount?: number },
  ): { refund: Stripe.Refund; charge: Stripe.Charge; refunded: TFakeStripeEvent };
  /** The cardholder disputes the payment: the dispute and its `charge.dispute.created` event. */
  openDispute(paymentIntentId: string): { dispute: Stripe.Dispute; created: TFakeStripeEvent };
  /** The bank decides a dispute: the dispute and its `charge.dispute.closed` event. */
  closeDispute(
    disputeId: string,
    status: 'won' | 'lost',
  ): { dispute: Stripe.Dispute; closed: TFakeStripeEvent };
  /** The current period ends and the next is paid: a paid `subscription_cycle` invoice. */
  renewSubscription(subscriptionId: string): Stripe.Invoice;
  /** The current period ends and the charge fails: `past_due`, an `open` `subscription_cycle` invoice. */
  failPayment(subscriptionId: string): Stripe.Invoice;
  /** A retry of an open invoice succeeds: paid, and a `past_due` subscription is `active` again. */
  payInvoice(invoiceId: string): Stripe.Invoice;
  /** Swaps the subscription item's price (no proration invoice). */
  changePrice(subscriptionId: string, priceId: string): Stripe.Subscription;
  /** Ends the subscription now (as at the end of a period with `cancel_at_period_end`). */
  cancelSubscription(
    subscriptionId: string,
    options?: { now?: number | Date; reason?: Stripe.Subscription.CancellationDetails.Reason },
  ): Stripe.Subscription;
  /** A signed webhook delivery of `object` (a snapshot: later changes do not show in it). */
  event(
    type: Stripe.Event.Type,
    object: { id: string; object: string },
    options?: { previousAttributes?: Record<string, unknown>; timestamp?: number },
  ): TFakeStripeEvent;
  stop(): Promise<void>;
};

export const FAKE_STRIPE_API_KEY = 'sk_test_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fakeMuseWebhookSigningSecret0000';

/** The real `stripe` client, talking to the fake over HTTP. */
export function stripeClientFor(fake: Pick<TFakeStripe, 'port'>, apiKey = FAKE_STRIPE_API_KEY) {
  return new Stripe(apiKey, {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

/**
 * An in-memory Stripe API on a local port that the real `stripe` client (v23) can use: form-
 * encoded requests, bearer keys, idempotency keys, `expand[]`, Stripe's error answers, and the
 * object shapes of the API version the client pins. Test methods play the customer's and
 * Stripe's side (paying, renewals, failed charges) and sign webhook events.
 */
export async function startFakeStripe(): Promise<TFakeStripe> {
  const store = new StripeStore();
  const routes = stripeRoutes(store);
  const requests: TFakeStripeRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: object }>();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const rawBody = await readBody(request).catch(() => undefined);
    if (rawBody === undefined) {
      response.destroy(); // the client went away mid-request
      return;
    }
    if (url.pathname.startsWith('/connect/setup/')) {
      onboardingPage(store, `${store.baseUrl}${url.pathname}`, method, response);
      return;
    }
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req_', 14),
        'stripe-version': String(request.headers['stripe-version'] ?? Stripe.API_VERSION),
        ...headers,
      });
      response.end(JSON.stringify(body, null, 2));
    };

    let query: TParams = {};
    let body: TParams = {};
    let malformed: unknown;
    try {
      query = parseStripeParams(url.search.slice(1));
      body = parseStripeParams(rawBody);
    } catch (error) {
      malformed = error; // logged as received, answered after the key check
    }
    requests.push({ method, path: url.pathname, query, body, headers: request.headers });

    try {
      checkApiKey(request.headers.authorization);
      if (malformed) throw malformed;
      const key = method === 'POST' ? headerValue(request.headers['idempotency-key']) : undefined;
      const fingerprint = `${method} ${url.pathname}${url.search} ${rawBody}`;
      const earlier = key ? idempotent.get(key) : undefined;
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          throw new StripeApiError(
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            { type: 'idempotency_error' },
          );
        }
        send(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
        return;
      }

      const match = routes
        .map((route) => ({ route, groups: route.pattern.exec(url.pathname) }))
        .find(({ route, groups }) => groups && route.method === method);
      if (!match) {
        throw new StripeApiError(
          404,
          `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      }
      const read = reader({ ...query, ...body });
      const expand = (read.strings('expand') ?? []).filter(Boolean);
      const handled = match.route.handle({
        params: read,
        match: match.groups!.slice(1).map(decodeURIComponent),
        expand,
      });
      const answer = expandObject(store, handled, expand);
      // Stripe keeps the answer to a request that ran, not to one refused before it started.
      if (key) idempotent.set(key, { fingerprint, status: 200, body: answer });
      send(200, answer);
    } catch (error) {
      if (error instanceof StripeApiError) {
        send(error.status, error.body);
        return;
      }
      send(500, { error: { type: 'api_error', message: `Fake Stripe failed: ${String(error)}` } });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  store.baseUrl = `http://127.0.0.1:${port}`;

  const signedEvent = (
    type: Stripe.Event.Type,
    object: { id: string; object: string },
    options: { previousAttributes?: Record<string, unknown>; timestamp?: number } = {},
  ): TFakeStripeEvent => {
    const event = {
      id: newId('evt_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: unixNow(),
      data: {
        object: clone(object),
        ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: FAKE_STRIPE_WEBHOOK_SECRET,
      ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    });
    return { event, payload, signature };
  };

  function completeCheckout(
    sessionId: string,
    options: { now?: number | Date; email?: string; mode?: 'subscription' },
  ): TCheckoutCompletion;
  function completeCheckout(
    sessionId: string,
    options: { now?: number | Date; email?: string; mode: 'payment'; delayed?: boolean },
  ): TPaymentCompletion;
  function completeCheckout(
    sessionId: string,
    options: {
      now?: number | Date;
      email?: string;
      mode?: 'subscription' | 'payment';
      delayed?: boolean;
    } = {},
  ): TCheckoutCompletion | TPaymentCompletion {
    const done =
      options.mode === 'payment'
        ? store.completePayment(sessionId, options)
        : store.completeCheckout(sessionId, options);
    return { ...done, completed: signedEvent('checkout.session.completed', done.session) };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    apiKey: FAKE_STRIPE_API_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    requests,
    addPromotionCode: (code, percentOff, options) =>
      store.addPromotionCode(code, percentOff, options),
    completeCheckout,
    settleDelayedPayment: (sessionId) => {
      const done = store.settleDelayedPayment(sessionId);
      return {
        ...done,
        succeeded: signedEvent('checkout.session.async_payment_succeeded', done.session),
      };
    },
    finishOnboarding: (accountId) => {
      const account = store.finishOnboarding(accountId);
      return { account, updated: signedEvent('account.updated', account) };
    },
    failNextTransfer: (
      failure = {
        message:
          'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        code: 'balance_insufficient',
      },
    ) => {
      store.nextTransferFailure = failure;
    },
    refundPayment: (paymentIntentId, options = {}) => {
      const refund = store.refundFromDashboard(paymentIntentId, options.amount);
      const charge = store.findCharge(String(refund.charge))!;
      return { refund, charge, refunded: signedEvent('charge.refunded', charge) };
    },
    openDispute: (paymentIntentId) => {
      const dispute = store.openDispute(paymentIntentId);
      return { dispute, created: signedEvent('charge.dispute.created', dispute) };
    },
    closeDispute: (disputeId, status) => {
      const dispute = store.closeDispute(disputeId, status);
      return { dispute, closed: signedEvent('charge.dispute.closed', dispute) };
    },
    renewSubscription: (subscriptionId) => store.renewSubscription(subscriptionId),
    failPayment: (subscriptionId) => store.failPayment(subscriptionId),
    payInvoice: (invoiceId) => store.payInvoice(invoiceId),
    changePrice: (subscriptionId, priceId) => store.changePrice(subscriptionId, priceId),
    cancelSubscription: (subscriptionId, options) =>
      store.cancelSubscription(subscriptionId, options),
    event: signedEvent,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The page an account link opens (Stripe's hosted onboarding, reduced to one button): GET shows
 * it, POST finishes the onboarding and sends the owner to the link's `return_url`.
 */
function onboardingPage(
  store: StripeStore,
  link: string,
  method: string,
  response: ServerResponse,
): void {
  const known = store.accountLinks.get(link);
  if (!known) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('This link has expired.');
    return;
  }
  if (method === 'POST') {
    store.finishOnboarding(known.account);
    response.writeHead(303, { location: known.returnUrl }).end();
    return;
  }
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><title>Fake Stripe Connect</title><h1>Set up payouts (fake Stripe)</h1>` +
        `<form method="post"><button type="submit">Finish onboarding</button></form>`,
    );
}

function checkApiKey(authorization: string | undefined): void {
  if (!authorization) {
    throw new StripeApiError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const key = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? '';
  if (!key.startsWith('sk_')) {
    const shown = key.length > 8 ? `${key.slice(0, 3)}*****${key.slice(-4)}` : key;
    throw new StripeApiError(401, `Invalid API Key provided: ${shown}`);
  }
}

const headerValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
