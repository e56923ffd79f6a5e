import { PUBLIC_PAGE_TEXTS } from '@muse/shared';
import { ShieldCheck, Sparkles, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A label laid over a post's picture or video, with `Pill`'s look (components/ui/pill.tsx). Its
 * classes are written out as tailwind-merge settled them: a public page's first visit loads no
 * tailwind-merge (docs/decisions/0058-public-page-for-fans.md).
 */
const ON_MEDIA =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold bg-black/75 text-[11px] tracking-wide text-white ring-1 ring-white/15 backdrop-blur-sm';
const OFFLINE_PREVIEW =
  'inline-flex items-center gap-1 rounded-full px-2 font-semibold backdrop-blur border border-sky-300/50 bg-black/75 py-0.5 text-[11px] text-sky-100 ring-1 ring-white/15';

function MediaLabel({
  icon: Icon,
  iconClassName,
  title,
  className,
  children,
}: {
  icon: LucideIcon;
  iconClassName: string;
  title?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <span title={title} className={className}>
      <Icon aria-hidden="true" className={iconClassName} />
      {children}
    </span>
  );
}

/** 'AI-generated' on every picture and video of a post (docs/product/publishing.md). */
export function AiLabel() {
  return (
    <MediaLabel icon={Sparkles} iconClassName="size-3 text-brand-300" className={ON_MEDIA}>
      {PUBLIC_PAGE_TEXTS.aiLabel}
    </MediaLabel>
  );
}

/** 'Content Credentials' on an item whose file carries signed C2PA Content Credentials. */
export function CredentialsLabel() {
  return (
    <MediaLabel
      icon={ShieldCheck}
      iconClassName="size-3 text-emerald-300"
      title="This file carries C2PA Content Credentials"
      className={ON_MEDIA}
    >
      <span className="sr-only">Carries C2PA </span>Content Credentials
    </MediaLabel>
  );
}

/**
 * 'Offline preview' on an item made offline by classic image processing, as the workspace's
 * `OfflinePreviewLabel` says it (components/workspace/identity-badge.tsx), in the post's colours.
 */
export function OfflinePreviewMediaLabel() {
  return (
    <MediaLabel icon={Sparkles} iconClassName="size-3.5" className={OFFLINE_PREVIEW}>
      {PUBLIC_PAGE_TEXTS.offlinePreview}
    </MediaLabel>
  );
}
