import {
  BILLING_TEXTS,
  LICENCE_TERMS,
  ONBOARDING_DEFAULT_AI_NAME,
  ONBOARDING_STEPS,
  ONBOARDING_TEXTS,
  canLeaveStep,
  type TMarketplaceModel,
  type TOnboardingAnswers,
  type TPlan,
} from '@muse/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { errorText } from '../../components/ui/form';
import { QueryError } from '../../components/ui/query-error';
import { Logo } from '../../components/layout/logo';
import { PageSpinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { getStoredToken } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/use-page-title';
import { useDashboard } from '../../lib/workspace';
import { usePaymentFlag } from '../../lib/use-payment-flag';
import { useCompleteOnboarding } from './api/complete-onboarding';
import { useMarketplaceModels } from '../../lib/marketplace-models';
import { useOnboarding, type TOnboardingSnapshot } from '../../lib/onboarding';
import { OnboardingProgress } from './components/onboarding-progress';
import { PurchaseDialog } from './components/purchase-dialog';
import { StepActions } from './components/step-actions';
import { StepHeader } from './components/step-header';
import { checkoutErrorMessage, redirectTo, useCreateCheckoutSession } from '../../lib/checkout';
import { CreationMethodStep } from './steps/creation-method-step';
import { GoalStep } from './steps/goal-step';
import { PersonaStep } from './steps/persona-step';
import { PlanStep } from './steps/plan-step';
import { StrategyStep } from './steps/strategy-step';
import { SummaryStep } from './steps/summary-step';
import { WelcomeStep } from './steps/welcome-step';
import { draftFrom, useOnboardingDraft } from './use-onboarding-draft';
import { useOfferCountdown } from './use-offer-countdown';
import { planOffer } from './onboarding-plans';

/**
 * The 7-step onboarding (docs/product/onboarding.md), a full page of its own. The server keeps the
 * step and the answers, so a reload or another device resumes where the creator left off; an
 * account that finished is forwarded to the dashboard.
 */
export function OnboardingPage() {
  usePageTitle('Onboarding');
  const onboarding = useOnboarding();
  // The state this visit starts from, read once from the server: later answers live on the
  // page, and finishing (which sets completedAt) must not send the page elsewhere on its own.
  const [start, setStart] = useState<TOnboardingSnapshot | null>(null);
  if (start === null && onboarding.data && (onboarding.isFetchedAfterMount || onboarding.isError)) {
    setStart(onboarding.data);
  }

  if (start === null) {
    if (onboarding.isError) {
      return (
        <OnboardingFrame>
          <QueryError
            query={onboarding}
            heading
            title="Your setup could not be loaded"
            detail={errorText(onboarding.error, 'Please try again in a moment.')}
            className="mx-auto my-20 max-w-md"
          />
        </OnboardingFrame>
      );
    }
    return <PageSpinner label="Loading..." />;
  }
  if (start.onboarding.completedAt) return <Navigate to="/dashboard" replace />;
  return <OnboardingFlow start={start} />;
}

function OnboardingFlow({ start }: { start: TOnboardingSnapshot }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  // A cancelled checkout returns here, to the plans (payment=cancelled): the toast says so.
  usePaymentFlag();
  const { draft, setAnswers, setName, goTo, flush } = useOnboardingDraft(
    draftFrom(start.onboarding),
  );
  const { step, answers } = draft;
  // The latest answer of the server (the offer's end arrives with the first save of step 7).
  const server = useOnboarding({ refetchOnMount: false }).data ?? start;
  const serverOffer = server.onboarding.offer;
  const secondsLeft = useOfferCountdown(serverOffer?.endsAt ?? null, server.clockOffsetMs);
  // The offer is shown while the server's runs: when the countdown ends, it is gone.
  const offer = serverOffer && secondsLeft > 0 ? serverOffer : null;
  // Whether the persona finds a free influencer slot (step 7 says what a custom model needs).
  const dashboard = useDashboard();
  const slotFree = dashboard.data
    ? dashboard.data.influencers.used < dashboard.data.influencers.limit
    : null;
  // Step 3's model grid, opened by 'Pick from Marketplace'; Back closes it first.
  const [browsingModels, setBrowsingModels] = useState(false);
  const [planInModal, setPlanInModal] = useState<TPlan | null>(null);
  const [leaving, setLeaving] = useState(false);
  const stepView = useStepFocus(`${step}-${browsingModels}`);
  const complete = useCompleteOnboarding();
  const checkout = useCreateCheckoutSession();

  const models = useMarketplaceModels({ enabled: step >= 3 });
  const chosenModel =
    answers.modelId === null
      ? null
      : (models.data?.find((model) => model.id === answers.modelId) ?? null);
  const modelLoading = answers.modelId !== null && models.isPending;

  function moveTo(next: number) {
    setBrowsingModels(false);
    void goTo(Math.min(ONBOARDING_STEPS, Math.max(1, next)));
    window.scrollTo({ top: 0 });
  }

  function back() {
    if (step === 3 && browsingModels) {
      setBrowsingModels(false);
      return;
    }
    moveTo(step - 1);
  }

  /** Step 7's Continue: saves, finishes the onboarding and opens the dashboard. */
  async function finish() {
    setLeaving(true);
    try {
      if (!(await flush())) return setLeaving(false);
      await complete.mutateAsync();
      await navigate('/dashboard');
    } catch (error) {
      toast.error(errorText(error, 'Your setup could not be finished. Please try again.'));
      setLeaving(false);
    }
  }

  /**
   * The purchase modal's 'Continue to Checkout': starts a monthly checkout and leaves for it. The
   * onboarding stays open: paying finishes it (on the server, with the persona kept), cancelling
   * comes back to these plans.
   */
  async function startCheckout(plan: TPlan) {
    // A purchase needs a signed-in user or a stored token.
    if (!user && !getStoredToken()) {
      toast.error(BILLING_TEXTS.pleaseLogIn);
      return;
    }
    setLeaving(true);
    try {
      if (!(await flush())) return setLeaving(false);
      // The onboarding's checkout is monthly, without a promo code; it asks for the
      // first-month offer when the modal shows it, and the server gives it while it runs.
      const url = await checkout.mutateAsync({
        plan: plan.key,
        billing: 'monthly',
        promoCode: null,
        returnTo: 'onboarding',
        ...(planOffer(plan, offer) ? { offer: true } : {}),
      });
      if (!url) {
        toast.error(BILLING_TEXTS.noCheckoutUrl);
        return setLeaving(false);
      }
      // The browser is leaving: the button stays on 'Processing...'.
      redirectTo(url);
    } catch (error) {
      toast.error(checkoutErrorMessage(error));
      setLeaving(false);
    }
  }

  let content: ReactNode;
  let actions: ReactNode;
  const onBack = step > 1 ? back : undefined;
  const continueButton = (hint?: string) => (
    <StepActions
      onBack={onBack}
      onNext={() => moveTo(step + 1)}
      disabled={!canLeaveStep(step, answers)}
      hint={hint}
    />
  );

  switch (step) {
    case 1:
      content = <WelcomeStep />;
      actions = <StepActions onNext={() => moveTo(2)} nextLabel="Start Creating" />;
      break;
    case 2:
      content = (
        <GoalStep goal={answers.goal} experience={answers.experience} onChange={setAnswers} />
      );
      actions = continueButton();
      break;
    case 3:
      content = (
        <CreationMethodStep
          answers={answers}
          browsing={browsingModels}
          onPickMarketplace={() => {
            setAnswers({ creationMethod: 'marketplace' });
            setBrowsingModels(true);
          }}
          onCreateCustom={() => {
            // 'Create Custom Model' sets method custom and advances at once.
            void goTo(4, { ...pickModel(answers, null, models.data), creationMethod: 'custom' });
            window.scrollTo({ top: 0 });
          }}
          onPickModel={(modelId) => setAnswers(pickModel(answers, modelId, models.data))}
          onAcceptTerms={(accepted) =>
            setAnswers({ licenceTermsVersion: accepted ? LICENCE_TERMS.version : null })
          }
        />
      );
      actions = continueButton();
      break;
    case 4:
      content = <PersonaStep answers={answers} onNameChange={setName} onChange={setAnswers} />;
      actions = continueButton();
      break;
    case 5:
      content = <StrategyStep answers={answers} onChange={setAnswers} />;
      actions = continueButton(ONBOARDING_TEXTS.strategyHint);
      break;
    case 6:
      content = <SummaryStep answers={answers} model={chosenModel} modelLoading={modelLoading} />;
      actions = (
        <StepActions onBack={onBack} onNext={() => moveTo(7)} nextLabel="Start Earning Now" />
      );
      break;
    case 7:
      content = (
        <PlanStep
          answers={answers}
          model={chosenModel}
          modelLoading={modelLoading}
          offer={offer}
          secondsLeft={secondsLeft}
          slotFree={slotFree}
          onChoosePlan={(plan) => {
            setAnswers({ selectedPlan: plan.key });
            setPlanInModal(plan);
          }}
        />
      );
      actions = (
        <StepActions
          onBack={onBack}
          onNext={() => void finish()}
          busy={leaving && planInModal === null}
        />
      );
      break;
    default:
      // Any other step number shows 'Coming soon...'.
      content = <StepHeader title="Coming soon..." />;
      actions = (
        <StepActions
          onBack={onBack}
          onNext={step < ONBOARDING_STEPS ? () => moveTo(step + 1) : () => void finish()}
          nextLabel={step < ONBOARDING_STEPS ? 'Next' : 'Complete'}
        />
      );
  }

  const wide = step === 7 || (step === 3 && browsingModels);
  return (
    <OnboardingFrame>
      <div ref={stepView} className={cn('mx-auto w-full', wide ? 'max-w-5xl' : 'max-w-3xl')}>
        {step < ONBOARDING_STEPS ? (
          <div className="mb-8 sm:mb-10">
            <OnboardingProgress step={step} />
          </div>
        ) : null}
        {content}
        {actions}
      </div>
      <PurchaseDialog
        plan={planInModal}
        offer={offer}
        influencerName={answers.aiName.trim()}
        busy={leaving}
        onClose={() => setPlanInModal(null)}
        onCheckout={(plan) => void startCheckout(plan)}
      />
    </OnboardingFrame>
  );
}

/**
 * The answers after picking a marketplace model (or none): the name follows the pick, from the
 * default 'Audrey' or from the previous pick's name; a name of the creator's own stays.
 */
function pickModel(
  answers: TOnboardingAnswers,
  modelId: number | null,
  models: readonly TMarketplaceModel[] | undefined,
): Partial<TOnboardingAnswers> {
  const nameOf = (id: number | null) => models?.find((model) => model.id === id)?.name ?? null;
  const current = answers.aiName.trim();
  const followsPick =
    current === '' || current === ONBOARDING_DEFAULT_AI_NAME || current === nameOf(answers.modelId);
  const picked = nameOf(modelId);
  const aiName = followsPick ? (picked ?? ONBOARDING_DEFAULT_AI_NAME) : answers.aiName;
  return { creationMethod: 'marketplace', modelId, aiName };
}

/**
 * A new step (or step 3's grid) takes the keyboard and screen reader to its heading, as a new
 * page would; the first step shown keeps the browser's own start.
 */
function useStepFocus(view: string) {
  const container = useRef<HTMLDivElement>(null);
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    container.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, [view]);
  return container;
}

/** The page around the steps: the Muse logo on top, no app sidebar, the app's dark look. */
function OnboardingFrame({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-x-clip">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-56 left-1/2 size-[40rem] -translate-x-1/2 rounded-full bg-brand-500/12 blur-[140px]" />
        <div className="absolute top-40 -right-48 size-[30rem] rounded-full bg-accent-500/10 blur-[140px]" />
      </div>
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-5 sm:px-6">
        <Logo to="/dashboard" />
      </header>
      <main id="main" className="w-full flex-1 px-4 pt-2 pb-16 sm:px-6 sm:pt-6">
        {children}
      </main>
    </div>
  );
}
