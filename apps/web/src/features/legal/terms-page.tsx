import { LICENCES_PER_MODEL, PAYMENT_METHODS, WELCOME_CREDITS } from '@muse/shared';
import { Link } from 'react-router';
import { LEGAL_LAST_UPDATED, paymentMethodsText } from './legal-texts';
import { LegalDocument, type TLegalSection } from './legal-document';
import { SupportAddress } from './support-address';

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms are an agreement between you and Muse, the operator of the Muse service
          (&ldquo;Muse&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;). They apply whenever you use
          Muse: the website, your account, the marketplace, the AI tools and pay-per-view sales.
        </p>
        <p>
          You must be at least 18 years old to use Muse. If you use Muse for a business or an
          agency, you accept these terms on its behalf and confirm that you are allowed to. Our{' '}
          <Link to="/privacy">Privacy Policy</Link> explains how we handle personal data.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          Give accurate details when you sign up, with an e-mail address and password or with your
          Google account, and keep them up to date.
        </li>
        <li>
          Keep your password to yourself. You are responsible for what happens in your account; tell
          us straight away if you think someone else has used it.
        </li>
        <li>
          An account belongs to one person or one organisation. Agencies may manage personas for
          their clients in their own account and stay responsible for that use.
        </li>
      </ul>
    ),
  },
  {
    id: 'credits-and-subscriptions',
    title: 'Credits, subscriptions and refunds',
    body: (
      <>
        <p>
          Muse&rsquo;s tools are paid for with credits; each action costs the number of credits
          shown before you start it. Every new account receives a one-time welcome grant of{' '}
          {WELCOME_CREDITS} credits. Subscription plans add credits and influencer trainings each
          month; the plans, their prices and what they include are shown on the{' '}
          <Link to="/#pricing">pricing page</Link> and at checkout. Payments are processed by
          Stripe, by {paymentMethodsText(PAYMENT_METHODS)}.
        </p>
        <ul>
          <li>
            <strong>Credits have no cash value.</strong> They are a prepaid right to use
            Muse&rsquo;s tools: they cannot be exchanged for money, sold or moved to another
            account.
          </li>
          <li>
            <strong>Benefits accumulate.</strong> Credits and influencer trainings granted on every
            renewal and upgrade are added to what you already have. They do not reset at the end of
            a billing period and do not expire while your account exists.
          </li>
          <li>
            <strong>Renewal.</strong> A subscription renews automatically at the end of each monthly
            or yearly period at the price shown when you subscribed, until you cancel. We tell you
            at least 30 days before a price change applies to your subscription.
          </li>
          <li>
            <strong>Cancellation takes effect at the end of the period.</strong> Cancel at any time
            under <Link to="/subscriptions">Manage Subscriptions</Link>. Your plan stays active
            until the end of the period you have paid for and then does not renew; the credits and
            trainings you received stay in your account.
          </li>
          <li>
            <strong>Failed jobs are refunded automatically.</strong> Credits reserved for a
            generation that fails are returned to your balance.
          </li>
        </ul>
        <h3>Refunds</h3>
        <p>
          Payments for subscriptions and credits are not refundable once the period has started or
          the credits have been added, except: when you were charged twice or by mistake; when Muse
          could not be used for a long time through our fault; and wherever the law of your country
          gives you a right to a refund. Ask within 30 days of the charge by e-mail to support;
          refunds go back to the original payment method, and the credits the payment added are
          removed. If you are a consumer in the EU or the UK, you ask us to start your plan or add
          your credits straight away when you buy, and your 14-day right of withdrawal ends once
          they have been added.
        </p>
      </>
    ),
  },
  {
    id: 'marketplace-licences',
    title: 'Marketplace licences',
    body: (
      <>
        <p>
          Each persona model in the marketplace can be licensed by at most {LICENCES_PER_MODEL}{' '}
          accounts. Claiming a model uses one influencer training from your plan. While your account
          is in good standing, a licence gives you:
        </p>
        <ul>
          <li>the right to generate photos and videos with that persona on Muse; and</li>
          <li>
            a worldwide, non-exclusive right to use, publish and sell the content you generate with
            it, commercially included: social media, advertising and pay-per-view.
          </li>
        </ul>
        <p>A licence does not give you:</p>
        <ul>
          <li>
            exclusivity: up to {LICENCES_PER_MODEL - 1} other accounts may hold a licence for the
            same persona and publish content with it;
          </li>
          <li>
            ownership of the persona, its name or the model behind it, or the right to register them
            as a trademark;
          </li>
          <li>the right to resell, sublicense or transfer the licence, or to export the model.</li>
        </ul>
        <p>
          If we retire a persona from the marketplace, existing licences continue. A licence ends
          when your account ends; content you published before then stays yours to use under these
          terms.
        </p>
      </>
    ),
  },
  {
    id: 'custom-models',
    title: 'Custom models trained on your photos',
    body: (
      <>
        <p>
          You can build a persona from your own photos: Muse trains an AI model on them for your
          account. You may upload photos only when:
        </p>
        <ul>
          <li>you own them, or hold the rights to use them for this purpose;</li>
          <li>
            every person who can be recognised in them is an adult and has given explicit consent to
            an AI model of them being trained and used the way you intend. Keep proof of that
            consent: we may ask for it;
          </li>
          <li>they do not show anyone under 18.</li>
        </ul>
        <p>
          Your custom model is private to your account. We use your photos only to check them (for
          example, that each shows one face and that all show the same person) and to train your
          model.{' '}
          <strong>
            We never use your photos, your models or the content you generate to train shared models
            or models for anyone else.
          </strong>{' '}
          We delete a custom model and its photos on request, at any time.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep the rights you have in the photos you upload and the text you write. Between you
          and Muse, the content you generate is yours, subject to the licence of any marketplace
          persona it uses. Be aware that some countries grant no copyright in purely AI-generated
          material, and that similar output can be generated for other users.
        </p>
        <p>
          You allow Muse to store, copy, process and display your content only as far as needed to
          run Muse for you: to show it to you, to deliver it to fans who buy it, and to keep
          backups. That permission ends when the content is deleted, apart from backup copies, which
          rotate out within 35 days.
        </p>
      </>
    ),
  },
  {
    id: 'ai-generated-content',
    title: 'AI-generated content and disclosure',
    body: (
      <>
        <p>
          Everything Muse generates is made by AI. Marketplace personas are synthetic: they are not
          photographs of real people, and any resemblance to a real person is coincidental. When you
          publish AI-generated content, you must:
        </p>
        <ul>
          <li>
            label it as AI-generated wherever a platform you post it on, or the law that applies to
            you, requires it, for example a social network&rsquo;s label for synthetic media or
            rules on advertising and AI transparency;
          </li>
          <li>
            not present a persona as a real human being in a way that deceives people, for example
            to get money, personal information or votes;
          </li>
          <li>
            disclose sponsored posts and advertising as the law and platforms require, also when a
            persona presents them.
          </li>
        </ul>
        <p>
          You must not use Muse to impersonate a real person, or to make content that shows a real,
          identifiable person without their consent.
        </p>
      </>
    ),
  },
  {
    id: 'pay-per-view',
    title: 'Pay-per-view sales',
    body: (
      <>
        <p>
          Creators can sell content to fans pay-per-view. Fans pay through Stripe; Muse keeps the
          platform fee shown at the time of sale and pays the rest to the creator. As a creator you
          are responsible for:
        </p>
        <ul>
          <li>holding the rights and consents for everything you sell;</li>
          <li>
            content that is lawful where you offer it, matches its description, follows the
            acceptable use rules below and is labelled as AI-generated;
          </li>
          <li>the taxes and registrations your earnings require where you live;</li>
          <li>answering the questions fans send you about your content.</li>
        </ul>
        <p>
          A fan who buys content gets a personal right to view it on Muse, not to copy or share it.
          We may refund a fan when content was not delivered, is materially different from its
          description or breaks these terms, and deduct the refund and any chargeback fee from the
          creator&rsquo;s earnings. We may hold payouts while we look into suspected fraud or abuse.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not use Muse to create, upload, publish or sell:</p>
        <ul>
          <li>
            <strong>any sexual content involving minors</strong>, or anyone who appears to be under
            18. We remove it, close the account and report it to the authorities;
          </li>
          <li>
            <strong>non-consensual content</strong>: intimate or sexual images of a real person
            without their consent, including &ldquo;deepfakes&rdquo;;
          </li>
          <li>content that impersonates a real person, brand or organisation;</li>
          <li>harassment, threats, hate speech or incitement to violence;</li>
          <li>scams, fraud, spam or misleading advertising;</li>
          <li>material that infringes someone else&rsquo;s copyright, trademark or privacy;</li>
          <li>anything else that is illegal where you live or where you publish it.</li>
        </ul>
        <p>
          You must also not break or probe Muse&rsquo;s security, get around its limits or credit
          costs, scrape it, resell access to it or share one account between several businesses. We
          may review content that is reported to us and remove what breaks these rules.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Closing and suspending accounts',
    body: (
      <>
        <p>
          You can delete your account at any time in Settings; deleting it also cancels your
          subscription. Posts fans bought stay available to those fans, as the{' '}
          <Link to="/privacy#deletion">Privacy Policy</Link> explains.
        </p>
        <p>
          We may suspend or close an account, remove content or hold payouts when someone breaks
          these terms or the law, or puts other people or Muse at risk. We tell you why and let you
          respond, unless the law forbids it or the breach is serious, such as sexual content
          involving minors, non-consensual content or fraud; then we act at once. If we close an
          account for a breach, its unused credits and the rest of its subscription period are lost.
          If we stop offering Muse for reasons that are not your fault, we tell you at least 30 days
          in advance and refund the unused part of any prepaid subscription. You can contest a
          decision by e-mail to support.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The service and its changes',
    body: (
      <p>
        Muse is provided as it is. AI output is unpredictable: it can contain mistakes, flaws or
        things you did not ask for, so check it before you publish it. We work to keep Muse
        available but cannot promise it will never be interrupted. We may change, add or remove
        features; if a change substantially reduces what you pay for, we tell you in advance, and
        you may cancel and get back the unused part of a prepaid period.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <p>
          Nothing in these terms limits liability that the law does not allow to be limited, such as
          for death or personal injury caused by negligence, for fraud, or your mandatory rights as
          a consumer. Apart from that:
        </p>
        <ul>
          <li>
            Muse is not liable for indirect or unforeseeable losses, or for lost profits, revenue,
            followers or business opportunities;
          </li>
          <li>
            Muse&rsquo;s total liability for all claims about Muse is limited to what you paid Muse
            in the 12 months before the event the claim is about.
          </li>
        </ul>
        <p>
          You are responsible for the content you create, publish and sell, and you will compensate
          Muse for claims by others that arise from your content or from your breach of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms, for example when we add features or the law changes. We tell you
        about important changes by e-mail or in Muse at least 30 days before they take effect. If
        you do not agree, you can close your account before then and get back the unused part of a
        prepaid period; if you keep using Muse after that date, the new terms apply. The date at the
        top of this page shows when they last changed.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? E-mail <SupportAddress />. We usually reply within 24 hours.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      description="The terms for using Muse: accounts, credits and subscriptions, marketplace licences, custom models trained on your photos, AI-generated content, pay-per-view sales and acceptable use."
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          What you can expect from Muse, and what Muse expects from you, when you create AI
          influencers, generate content with them and sell it.
        </p>
      }
      sections={SECTIONS}
      related={{ to: '/privacy', label: 'Privacy Policy' }}
    />
  );
}
