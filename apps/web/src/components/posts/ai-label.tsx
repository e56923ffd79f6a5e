import { PUBLISHING_TEXTS } from '@muse/shared';
import { ShieldCheck, Sparkles } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Pill } from '../ui/pill';

/** 'AI-generated' on every picture and video of a post (docs/product/publishing.md). */
export function AiLabel({ className }: { className?: string }) {
  return (
    <Pill
      icon={Sparkles}
      iconClassName="size-3 text-brand-300"
      className={cn(
        'bg-black/75 text-[11px] tracking-wide text-white ring-1 ring-white/15 backdrop-blur-sm',
        className,
      )}
    >
      {PUBLISHING_TEXTS.aiLabel}
    </Pill>
  );
}

/** 'Content Credentials' on an item whose file carries signed C2PA Content Credentials. */
export function CredentialsLabel({ className }: { className?: string }) {
  return (
    <Pill
      icon={ShieldCheck}
      iconClassName="size-3 text-emerald-300"
      title="This file carries C2PA Content Credentials"
      className={cn(
        'bg-black/75 text-[11px] tracking-wide text-white ring-1 ring-white/15 backdrop-blur-sm',
        className,
      )}
    >
      <span className="sr-only">Carries C2PA </span>Content Credentials
    </Pill>
  );
}
