import { PUBLIC_PAGE_TEXTS, type TPublicPage } from '@muse/shared';
import { Sparkles } from 'lucide-react';
import { clsx } from 'clsx';
import { useState } from 'react';
import { initialsOf } from '../../../lib/initials';
import { ReportButton } from './report-button';

/** The influencer's picture in a circle, or their initials when there is none (or it fails). */
function Avatar({ page, className }: { page: TPublicPage; className: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={clsx(
        'relative shrink-0 overflow-hidden rounded-full bg-ink-800 ring-2 ring-brand-400/40',
        className,
      )}
    >
      {page.pictureUrl && !failed ? (
        <img
          src={page.pictureUrl}
          alt={`Picture of ${page.name}, AI-generated`}
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-full place-items-center bg-[radial-gradient(120%_120%_at_0%_0%,rgba(236,72,153,0.45),transparent_60%),radial-gradient(120%_120%_at_100%_100%,rgba(139,92,246,0.45),transparent_60%)] font-bold text-white/90"
        >
          {initialsOf(page.name)}
        </span>
      )}
    </div>
  );
}

/** 'Every post on this page is AI-generated…': in the header of every public page and post. */
export function AiDisclosure() {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-xl border border-accent-400/30 bg-accent-500/10 px-3 py-2.5 text-sm text-zinc-100"
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-400" />
      {PUBLIC_PAGE_TEXTS.aiDisclosure}
    </p>
  );
}

/** The public page's header: picture, name, @handle, niche, bio and the AI disclosure. */
export function PageHeader({ page }: { page: TPublicPage }) {
  return (
    <header className="space-y-4">
      <div className="flex items-center gap-4">
        <Avatar page={page} className="size-20 text-2xl sm:size-24 sm:text-3xl" />
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-white wrap-anywhere sm:text-3xl">
            {page.name}
          </h1>
          <p className="text-sm text-zinc-400 wrap-anywhere">@{page.handle}</p>
          {page.niche ? (
            <p className="text-sm font-medium text-brand-300 wrap-anywhere">{page.niche}</p>
          ) : null}
        </div>
      </div>
      {page.bio ? (
        <p className="max-w-2xl whitespace-pre-line text-zinc-200 wrap-anywhere">{page.bio}</p>
      ) : null}
      <AiDisclosure />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-zinc-400">
          {page.postCount === 1 ? '1 post' : `${page.postCount} posts`}
        </p>
        <ReportButton handle={page.handle} />
      </div>
    </header>
  );
}

/** The post page's smaller header: whose post it is, and the disclosure. */
export function CompactPageHeader({ page }: { page: TPublicPage }) {
  return (
    <header className="space-y-3">
      <div className="flex items-center gap-3">
        <Avatar page={page} className="size-12 text-base" />
        <div className="min-w-0">
          <p className="font-semibold text-white wrap-anywhere">{page.name}</p>
          <p className="text-sm text-zinc-400 wrap-anywhere">@{page.handle}</p>
        </div>
      </div>
      <AiDisclosure />
    </header>
  );
}
