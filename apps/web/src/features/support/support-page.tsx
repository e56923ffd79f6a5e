import { ArrowRight, LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { PublicPage } from '../../components/layout/public-layout';
import { usePageTitle } from '../../lib/use-page-title';
import { ContactCard } from './contact-card';
import { SupportFaq } from './support-faq';

const QUICK_LINKS = [
  { to: '/forgot-password', label: 'Reset your password' },
  { to: '/subscriptions', label: 'Manage Subscriptions' },
  { to: '/credits', label: 'Get Credits' },
  { to: '/marketplace', label: 'Browse the marketplace' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
];

export function SupportPage() {
  usePageTitle(
    'Support',
    'Contact Muse support by e-mail; we usually reply within 24 hours. Answers about credits, password resets, cancelling a subscription, marketplace licences and deleting your data.',
  );

  return (
    <PublicPage>
      <header className="max-w-3xl space-y-4">
        <p className="inline-flex items-center gap-2 rounded-full border border-ink-700 bg-ink-900 px-3 py-1 text-xs font-medium tracking-wide text-brand-300 uppercase">
          <LifeBuoy className="size-3.5" aria-hidden="true" />
          Help
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Support</h1>
        <p className="text-base leading-7 text-zinc-300 sm:text-lg sm:leading-8">
          Stuck with your account, credits, a payment or one of your AI influencers? Write to us, or
          find a quick answer below.
        </p>
      </header>

      <ContactCard />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-10">
        <SupportFaq />
        <nav
          aria-labelledby="links-heading"
          className="rounded-2xl border border-ink-800 bg-ink-900/50 p-5 sm:p-6 lg:sticky lg:top-24"
        >
          <h2 id="links-heading" className="font-semibold text-white">
            Quick links
          </h2>
          <ul className="-mx-2 mt-3 space-y-0.5 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="group flex items-center justify-between rounded-lg px-2 py-2 text-zinc-300 hover:bg-ink-800 hover:text-white"
                >
                  {link.label}
                  <ArrowRight
                    className="size-4 text-zinc-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-300"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </PublicPage>
  );
}
