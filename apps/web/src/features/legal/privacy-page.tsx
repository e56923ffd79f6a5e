import { EXPORT_LINK_DAYS, PAYMENT_METHODS } from '@muse/shared';
import { Link } from 'react-router';
import { LEGAL_LAST_UPDATED, paymentMethodsText } from './legal-texts';
import { LegalDocument, type TLegalSection } from './legal-document';
import { RetentionTable } from './retention-table';
import { SupportAddress } from './support-address';

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who is responsible',
    body: (
      <p>
        Muse operates the Muse service and is responsible (the &ldquo;controller&rdquo;) for the
        personal data described here. This policy covers everyone who uses Muse: creators, brands
        and agencies with an account, and fans who buy content. For anything about your data, e-mail{' '}
        <SupportAddress />.
      </p>
    ),
  },
  {
    id: 'data-we-store',
    title: 'What we store',
    body: (
      <ul>
        <li>
          <strong>Account data:</strong> your name, e-mail address, your password as a one-way hash
          (never the password itself), your plan, your credit history and the answers and settings
          you give during onboarding.
        </li>
        <li>
          <strong>Sign-in with Google:</strong> if you use it, Google tells us your name, e-mail
          address and an account identifier. We never receive your Google password and ask for no
          access to your contacts, files or other Google data.
        </li>
        <li>
          <strong>Uploaded photos:</strong> photos you upload to train a custom model, profile and
          product images, and images you give the tools to edit or upscale.
        </li>
        <li>
          <strong>Generated content:</strong> the photos, videos and prompts you generate, with the
          settings you chose, and the AI models trained for your account.
        </li>
        <li>
          <strong>Payment records:</strong> payments are handled by Stripe, by{' '}
          {paymentMethodsText(PAYMENT_METHODS)}.{' '}
          <strong>Muse never sees or stores your full card number</strong>; Stripe gives us a
          reference, the amount, the date, what was bought and, for tax, your country.
        </li>
        <li>
          <strong>Pay-per-view:</strong> which fan bought which content, and creators&rsquo;
          earnings and payouts.
        </li>
        <li>
          <strong>Security data:</strong> the IP address and browser of each sign-in, sign-in
          sessions (stored only as hashes of their tokens) and counters that limit repeated sign-in
          attempts.
        </li>
        <li>
          <strong>Server logs:</strong> the requests your browser makes, with IP address and time,
          to keep Muse running and find faults.
        </li>
        <li>
          <strong>Support e-mails:</strong> what you write to us and what we answer.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use',
    title: 'Why we use it',
    body: (
      <>
        <ul>
          <li>
            <strong>To provide Muse</strong> (performing our contract with you): your account, the
            tools, your models, your content and your sales.
          </li>
          <li>
            <strong>To take payments and keep accounts</strong> (contract and legal obligation):
            subscriptions, credits, payouts, invoices and tax records.
          </li>
          <li>
            <strong>To keep Muse safe</strong> (our legitimate interest): preventing abuse, fraud
            and illegal content, and protecting accounts.
          </li>
          <li>
            <strong>To write to you about your account</strong>: password reset links, receipts,
            changes to these policies and answers to your questions.
          </li>
        </ul>
        <p>
          We do not sell your personal data, do not use it for advertising and do not show you ads.
        </p>
      </>
    ),
  },
  {
    id: 'photos-and-ai',
    title: 'Your photos and AI models',
    body: (
      <>
        <p>
          When you build a custom model, we use your photos only to check them (for example, that
          each shows one face and that all show the same person) and to train that model for your
          account. The facial analysis serves only these checks and your model; we never use it to
          identify you or anyone else.
        </p>
        <p>
          You may upload photos only if you hold the rights to them and every person shown has
          consented, as our <Link to="/terms#custom-models">Terms of Service</Link> require.{' '}
          <strong>
            We never use your photos, your models or your generated content to train shared models
            or models for other users.
          </strong>{' '}
          The AI compute providers that run training and generation for us process your photos only
          on our instructions and may not use them to train their own models.
        </p>
      </>
    ),
  },
  {
    id: 'ai-generated-content',
    title: 'AI-generated content',
    body: (
      <p>
        Everything Muse generates is AI-generated content, and marketplace personas are synthetic:
        they are not photographs of real people. The content you generate is private to your account
        until you publish or sell it. When you do, the people who see it, and the fans who buy it,
        see what you chose to show, and you must label it as AI-generated where platforms or the law
        require (see the <Link to="/terms#ai-generated-content">Terms of Service</Link>
        ).
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We share personal data only with the services that help us run Muse:</p>
        <ul>
          <li>Stripe, for payments and payouts;</li>
          <li>Google, only when you choose to sign in with Google;</li>
          <li>AI compute providers, to train your models and run the tools;</li>
          <li>our hosting, storage and e-mail delivery providers.</li>
        </ul>
        <p>
          Each may use the data only to provide its service to us. We also disclose data when the
          law requires it, for example when we report sexual content involving minors to the
          authorities.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>We keep data only as long as we need it:</p>
        <RetentionTable />
        <p>
          Backups rotate within 35 days, so data deleted from Muse disappears from every backup at
          most 35 days later.
        </p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'A copy of your data',
    body: (
      <>
        <p>
          In <Link to="/settings">Settings</Link>, &lsquo;Download my data&rsquo; puts together a
          ZIP file of everything Muse holds about your account and e-mails you a link to it. The
          link works for {EXPORT_LINK_DAYS} days, with or without signing in; then the file is
          deleted. The ZIP contains:
        </p>
        <ul>
          <li>your profile, plan, subscriptions, credit balance and onboarding answers;</li>
          <li>
            each persona with its details, its picture, the photos you uploaded (as stored), its
            trained model and your statement about whose likeness it shows, with any consent
            document you gave;
          </li>
          <li>your gallery, each file as stored with its Content Credentials, and what made it;</li>
          <li>the files of your tool runs, your posts with their files, and your products;</li>
          <li>
            your pay-per-view sales (without naming the buyers), earnings and payouts, your credit
            history, what you bought as a fan and your receipts;
          </li>
          <li>
            your connected platform accounts, API keys and webhooks, without their access tokens,
            keys or signing secrets.
          </li>
        </ul>
        <p>It never contains your password, your sessions or any other account&rsquo;s data.</p>
      </>
    ),
  },
  {
    id: 'deletion',
    title: 'Deleting your account',
    body: (
      <>
        <p>
          You can delete your account yourself in <Link to="/settings">Settings</Link>, with your
          password (an account that signs in with Google signs in again first). It happens at once:
        </p>
        <ul>
          <li>
            <strong>Deleted, with their files:</strong> your personas and their photos and models,
            your gallery and tool runs, your posts, your products, your platform connections, your
            API keys and webhooks, your copies of your data, your credits and your sessions. Your
            subscription is cancelled.
          </li>
          <li>
            <strong>Kept for fans:</strong> posts that fans bought stay visible to those fans only,
            as the <Link to="/terms#pay-per-view">Terms of Service</Link> promise. They leave every
            public page; your pages are deleted.
          </li>
          <li>
            <strong>Kept as records:</strong> payments, receipts, sales, earnings and payouts, for
            as long as tax law requires. They no longer name you: your name, e-mail address,
            password and Google link are removed from the account, which cannot be signed in to. You
            can sign up again with the same address as a new account.
          </li>
          <li>
            <strong>Earnings:</strong> pay out what is available before you delete; deletion is
            refused while you could. Earnings still in their 7-day hold, or under the $10 minimum,
            can no longer be paid out.
          </li>
        </ul>
        <p>
          You can also ask us to delete only certain data, such as a custom model and its training
          photos, by e-mailing <SupportAddress /> from the address of your account. Reports of
          illegal content, and what we must keep to deal with them or with a legal claim, are kept
          as the law requires. Backups follow within 35 days.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        Depending on where you live, you have the right to see the data we hold about you and get a
        copy of it, to correct it, to have it deleted, to restrict or object to how we use it, and
        to withdraw consent you gave. A copy of your data and the deletion of your account are in
        your Settings; for any other right, e-mail <SupportAddress />. We answer within 30 days at
        the latest. You may also complain to the data protection authority where you live.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Connections to Muse are encrypted. Passwords are stored only as slow one-way hashes, and
        sign-in sessions and reset links only as hashes of their tokens, so a copy of our database
        would not let anyone sign in. Password reset links work once, for one hour. Access to
        personal data within Muse is limited to the people who need it to run the service.
      </p>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Cookies and browser storage',
    body: (
      <p>
        Muse keeps your sign-in token and small display preferences, such as a folded sidebar, in
        your browser&rsquo;s local storage. We use no advertising or tracking cookies and no
        third-party analytics. Stripe&rsquo;s checkout page sets its own cookies to prevent fraud.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Muse is only for people aged 18 and over. If we learn that an account belongs to someone
        younger, we close it and delete its data.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Our providers may process data in other countries. Where data leaves the European Economic
        Area or the UK, we rely on adequacy decisions or the standard contractual clauses approved
        for such transfers.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top of this page, and we tell you by
        e-mail or in Muse before an important change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about your data or this policy? E-mail <SupportAddress />. We usually reply within
        24 hours.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      description="How Muse handles your data: what we store, how long we keep it, how to download a copy and delete your account, how your photos train only your own AI models, and how payments are handled by Stripe."
      lastUpdated={LEGAL_LAST_UPDATED}
      intro={
        <p>
          What Muse stores about you, why, for how long, how to get a copy and how to delete it. In
          short: we keep what we need to run your account, never train shared models on your photos,
          never see your full card number and never sell your data.
        </p>
      }
      sections={SECTIONS}
      related={{ to: '/terms', label: 'Terms of Service' }}
    />
  );
}
