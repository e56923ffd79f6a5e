import {
  PLANS,
  formatCount,
  formatCents,
  formatUsd,
  planFeatures,
  publicPagePath,
  type TPlan,
  type TTestCheckoutSession,
} from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  Check,
  CircleCheck,
  CircleX,
  FlaskConical,
  Loader2,
  Lock,
  RotateCcw,
  Sparkles,
  SearchX,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Logo } from '../../components/layout/logo';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { hasErrorCode } from '../../lib/api';
import { useCancelTestCheckout } from './api/cancel-test-checkout';
import { testCheckoutQuery, useTestCheckout } from './api/get-test-checkout';
import { usePayTestCheckout } from './api/pay-test-checkout';
import { redirectTo } from '../../lib/checkout';
import { PlanIcon } from './components/plan-icon';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Muse's own checkout when no Stripe keys are set: clearly marked TEST MODE.
 * Pay fulfils the purchase through the same code path as Stripe's webhook; Cancel returns.
 */
export function TestCheckoutPage() {
  usePageTitle('Test checkout');
  const { sessionId = '' } = useParams();
  const session = useTestCheckout(sessionId);

  let body: ReactNode;
  if (session.isPending) {
    body = <Spinner label="Loading checkout..." className="py-24" />;
  } else if (session.isError) {
    body = hasErrorCode(session.error, 'CHECKOUT_NOT_FOUND') ? (
      <Outcome
        icon={SearchX}
        title="This checkout does not exist"
        text="The link may be mistyped, or the checkout belongs to another account."
      />
    ) : (
      <QueryError
        query={session}
        heading
        title="This checkout could not be loaded"
        detail={errorText(session.error, 'Please try again in a moment.')}
        className="mx-auto max-w-lg py-14"
      >
        <Button asChild variant="ghost" size="sm">
          <Link to="/credits">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to credits
          </Link>
        </Button>
      </QueryError>
    );
  } else if (session.data.post) {
    body = <PostCheckout session={session.data} post={session.data.post} />;
  } else if (session.data.plan) {
    body = <PlanCheckout session={session.data} plan={PLANS[session.data.plan]} />;
  } else {
    // Neither a plan nor a post: nothing this page can sell.
    body = (
      <Outcome
        icon={SearchX}
        title="This checkout does not exist"
        text="The link may be mistyped, or the checkout belongs to another account."
      />
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(70%_50%_at_50%_0%,rgba(139,92,246,0.10),transparent_70%)]">
      <div
        role="note"
        className="border-b border-amber-400/30 bg-[repeating-linear-gradient(-45deg,rgba(251,191,36,0.14)_0_12px,rgba(251,191,36,0.06)_12px_24px)] px-4 py-2.5 text-center"
      >
        <p className="inline-flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm font-semibold text-amber-200">
          <FlaskConical aria-hidden="true" className="size-4" />
          TEST MODE: no real payment is taken
        </p>
      </div>
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-5 sm:px-6">
        <Logo to="/dashboard" />
        <span className="inline-flex items-center gap-1.5 text-sm text-zinc-400">
          <Lock aria-hidden="true" className="size-4" />
          Checkout
        </span>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 pb-16 sm:px-6">
        {body}
      </main>
    </div>
  );
}

/** A plan's checkout: its outcome once paid, refunded or cancelled, else the form. */
function PlanCheckout({ session, plan }: { session: TTestCheckoutSession; plan: TPlan }) {
  if (session.status === 'complete') {
    return (
      <Outcome
        icon={CircleCheck}
        tone="success"
        title="This checkout is complete"
        text={`The ${plan.name} plan was paid for. Its credits are on your balance.`}
      />
    );
  }
  if (session.status === 'refunded') {
    // Paid while another purchase made a plan live: never a second subscription (docs/decisions/0023-one-live-subscription.md).
    return (
      <Outcome
        icon={RotateCcw}
        title="This payment was refunded"
        text={`Your account already had a plan when this ${plan.name} checkout was paid, so it was refunded instead of starting a second subscription. Nothing was charged.`}
        action={
          <Button asChild>
            <Link to="/subscriptions">Manage Subscriptions</Link>
          </Button>
        }
      />
    );
  }
  if (session.status === 'cancelled') {
    return (
      <Outcome
        icon={CircleX}
        title="This checkout was cancelled"
        text="Nothing was charged. You can pick a plan again anytime."
      />
    );
  }
  return (
    <CheckoutForm
      session={session}
      note="Paying starts the subscription at once and adds its first month of credits, exactly as a real payment would."
    >
      <PlanOrder session={session} plan={plan} />
    </CheckoutForm>
  );
}

type TPostOfSession = NonNullable<TTestCheckoutSession['post']>;

/**
 * A pay-per-view post's checkout (docs/product/publishing.md, 'Buying'): what is bought, "Post
 * by <influencer>", its caption and price; once done, the way to the post or 'My purchases'.
 */
function PostCheckout({ session, post }: { session: TTestCheckoutSession; post: TPostOfSession }) {
  // A post whose page has no handle any more is still in 'My purchases'.
  const back = post.handle
    ? { to: publicPagePath(post.handle, post.id), label: 'Back to the post' }
    : { to: '/purchases', label: 'My purchases' };
  if (session.status === 'complete') {
    return (
      <Outcome
        icon={CircleCheck}
        tone="success"
        title="This post is yours"
        text={`The post by ${post.influencerName} was paid for and is unlocked for good.`}
        back={back}
        action={
          back.to === '/purchases' ? null : (
            <Button asChild>
              <Link to="/purchases">My purchases</Link>
            </Button>
          )
        }
      />
    );
  }
  if (session.status === 'refunded') {
    // A second payment for a post the fan already owns is refunded (docs/decisions/0030-publishing-and-pay-per-view.md).
    return (
      <Outcome
        icon={RotateCcw}
        title="This payment was refunded"
        text="You already owned this post when this checkout was paid, so it was refunded. Nothing was charged."
        back={back}
        action={
          back.to === '/purchases' ? null : (
            <Button asChild>
              <Link to="/purchases">My purchases</Link>
            </Button>
          )
        }
      />
    );
  }
  if (session.status === 'cancelled') {
    return (
      <Outcome
        icon={CircleX}
        title="This checkout was cancelled"
        text="Nothing was charged. The post stays locked until you unlock it."
        back={back}
      />
    );
  }
  return (
    <CheckoutForm
      session={session}
      note="Paying unlocks the post at once, for good, exactly as a real payment would."
    >
      <PostOrder session={session} post={post} />
    </CheckoutForm>
  );
}

function PostOrder({ session, post }: { session: TTestCheckoutSession; post: TPostOfSession }) {
  return (
    <>
      <p className="text-sm text-zinc-400">Unlock a post</p>
      <div className="mt-3 flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-brand-500/25 to-accent-500/25 text-brand-300">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <h1
          id="order-heading"
          className="text-2xl font-bold tracking-tight text-white wrap-anywhere"
        >
          Post by {post.influencerName}
        </h1>
      </div>
      {post.caption ? (
        <p className="mt-4 line-clamp-4 text-sm whitespace-pre-line text-zinc-300 wrap-anywhere">
          {post.caption}
        </p>
      ) : null}
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-bold tracking-tight text-white">
          {formatCents(session.amountCents)}
        </span>
        <span className="text-sm text-zinc-400">one-time payment</span>
      </p>

      <dl className="mt-6 space-y-2 border-t border-ink-800 pt-6 text-sm sm:mt-8">
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-400">Post</dt>
          <dd className="text-right text-zinc-100 wrap-anywhere">
            {post.handle ? `by @${post.handle}` : `by ${post.influencerName}`}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-400">Access</dt>
          <dd className="text-zinc-100">Unlocked for good</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-ink-800 pt-3 text-base">
          <dt className="font-medium text-zinc-200">Total due today</dt>
          <dd className="font-semibold text-white">{formatCents(session.amountCents)}</dd>
        </div>
      </dl>
    </>
  );
}

function PlanOrder({ session, plan }: { session: TTestCheckoutSession; plan: TPlan }) {
  const yearly = session.billing === 'yearly';
  // The onboarding's first-month offer: this month's price, then the plan's own.
  const discounted = !!session.discountPercent;
  return (
    <>
      <p className="text-sm text-zinc-400">Subscribe to Muse</p>
      <div className="mt-3 flex items-center gap-3">
        <PlanIcon plan={plan.key} />
        <h1 id="order-heading" className="text-2xl font-bold tracking-tight text-white">
          {plan.name}
        </h1>
      </div>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-bold tracking-tight text-white">
          {formatUsd(session.amountCents)}
        </span>
        <span className="text-sm text-zinc-400">
          {yearly ? 'billed yearly' : discounted ? 'first month' : 'per month'}
        </span>
      </p>
      {discounted ? (
        <p className="mt-1 text-sm text-zinc-400">
          {session.discountPercent}% off the first month, then {formatUsd(plan.monthlyPriceCents)}{' '}
          per month
        </p>
      ) : null}
      {yearly ? (
        <p className="mt-1 text-sm text-zinc-400">
          {formatUsd(plan.yearlyMonthlyPriceCents)}/month, billed yearly
        </p>
      ) : null}

      <ul className="mt-8 hidden space-y-2.5 text-sm text-zinc-300 sm:block">
        {planFeatures(plan).map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-400" />
            {feature}
          </li>
        ))}
      </ul>

      <dl className="mt-6 space-y-2 border-t border-ink-800 pt-6 text-sm sm:mt-8">
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-400">Plan</dt>
          <dd className="text-zinc-100">{plan.name}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-400">Billing</dt>
          <dd className="text-zinc-100">{yearly ? 'Yearly' : 'Monthly'}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-400">Credits each month</dt>
          <dd className="text-zinc-100">{formatCount(plan.creditsPerMonth)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-ink-800 pt-3 text-base">
          <dt className="font-medium text-zinc-200">Total due today</dt>
          <dd className="font-semibold text-white">{formatUsd(session.amountCents)}</dd>
        </div>
      </dl>
    </>
  );
}

/** The open checkout: what is bought (`children`), then the TEST payment, Pay and Cancel. */
function CheckoutForm({
  session,
  note,
  children,
}: {
  session: TTestCheckoutSession;
  /** What paying does, under the buttons. */
  note: string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const pay = usePayTestCheckout();
  const cancel = useCancelTestCheckout();
  // After Pay or Cancel succeeds the browser is leaving: the buttons stay disabled.
  const busy = pay.isPending || cancel.isPending || pay.isSuccess || cancel.isSuccess;

  function onFailure(error: unknown, fallback: string) {
    toast.error(errorText(error, fallback));
    // The session may have changed (expired, paid elsewhere): show its current state.
    void queryClient.invalidateQueries({ queryKey: testCheckoutQuery(session.id).queryKey });
  }

  return (
    <div className="overflow-hidden rounded-3xl border border-ink-800 bg-ink-900/80 shadow-2xl shadow-black/40 md:grid md:grid-cols-[1.1fr_1fr]">
      <section
        aria-labelledby="order-heading"
        className="border-b border-ink-800 bg-ink-950/40 p-6 sm:p-8 md:border-r md:border-b-0"
      >
        {children}
      </section>

      <section aria-labelledby="payment-heading" className="flex flex-col p-6 sm:p-8">
        <h2 id="payment-heading" className="text-lg font-semibold text-white">
          Payment
        </h2>
        <dl className="mt-5 space-y-4 text-sm">
          <div>
            <dt className="text-zinc-400">Account</dt>
            <dd className="mt-1 rounded-xl border border-ink-700 bg-ink-800/60 px-4 py-3 [overflow-wrap:anywhere] text-zinc-100">
              {session.email}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-400">Payment method</dt>
            <dd className="mt-1 flex items-center justify-between gap-3 rounded-xl border border-dashed border-amber-400/40 bg-amber-400/5 px-4 py-3 text-amber-100">
              Test payment: nothing is charged
              <span className="rounded-md bg-amber-400/15 px-1.5 py-px text-[11px] font-semibold tracking-wider text-amber-300">
                TEST
              </span>
            </dd>
          </div>
        </dl>

        <div className="mt-8 space-y-3 md:mt-auto md:pt-8">
          <Button
            size="lg"
            className="w-full"
            disabled={busy}
            onClick={() =>
              pay.mutate(session.id, {
                onSuccess: redirectTo,
                onError: (error) => onFailure(error, 'The payment could not be completed'),
              })
            }
          >
            {pay.isPending || pay.isSuccess ? (
              <>
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                <span className="sr-only">Pay: </span>Processing...
              </>
            ) : (
              'Pay'
            )}
          </Button>
          <Button
            variant="ghost"
            size="lg"
            className="w-full"
            disabled={busy}
            onClick={() =>
              cancel.mutate(session.id, {
                onSuccess: redirectTo,
                onError: (error) => onFailure(error, 'The checkout could not be cancelled'),
              })
            }
          >
            Cancel
          </Button>
          <p className="pt-2 text-center text-xs text-zinc-400">{note}</p>
        </div>
      </section>
    </div>
  );
}

function Outcome({
  icon: Icon,
  title,
  text,
  tone = 'muted',
  action,
  back = { to: '/credits', label: 'Back to credits' },
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  tone?: 'muted' | 'success';
  action?: ReactNode;
  /** The way out: the credits page, or for a post, the post (or 'My purchases'). */
  back?: { to: string; label: string };
}) {
  return (
    <div className="mx-auto max-w-lg rounded-3xl border border-ink-800 bg-ink-900/80 px-6 py-14 text-center shadow-2xl shadow-black/40">
      <span
        className={
          tone === 'success'
            ? 'mx-auto flex size-14 items-center justify-center rounded-2xl bg-emerald-400/10 text-emerald-300 ring-1 ring-emerald-400/25 ring-inset'
            : 'mx-auto flex size-14 items-center justify-center rounded-2xl bg-ink-800 text-zinc-400 ring-1 ring-ink-600 ring-inset'
        }
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-xl font-semibold text-white">{title}</h1>
      <p className="mt-2 text-sm text-zinc-400">{text}</p>
      <div className="mt-7 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {action}
        <Button asChild variant={action ? 'ghost' : 'primary'}>
          <Link to={back.to}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {back.label}
          </Link>
        </Button>
      </div>
    </div>
  );
}
