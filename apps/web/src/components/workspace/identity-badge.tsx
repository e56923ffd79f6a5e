import { galleryToolLabel, GENERATE_TEXTS } from '@muse/shared';
import { ScanFace, Sparkles, Wrench } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Pill } from '../ui/pill';

/** How alike a score says the image and the persona are, in words. */
export function scoreWords(score: number): string {
  if (score >= 85) return 'unmistakably the persona';
  if (score >= 70) return 'clearly the persona';
  if (score >= 50) return 'somewhat like the persona';
  return 'does not look like the persona';
}

/** An image's identity score (0–100) as a pill, or the reason there is none. */
export function IdentityBadge({
  score,
  note,
  className,
}: {
  score: number | null | undefined;
  note?: string | null | undefined;
  className?: string;
}) {
  if (score === null || score === undefined) {
    if (!note) return null;
    return (
      <span title={note} className={cn('text-xs text-zinc-400', className)}>
        No identity score: {note}
      </span>
    );
  }
  const tone =
    score >= 70
      ? 'border-emerald-400/40 bg-emerald-500/15 text-emerald-200'
      : score >= 50
        ? 'border-amber-400/40 bg-amber-500/15 text-amber-100'
        : 'border-red-400/40 bg-red-500/15 text-red-200';
  return (
    <Pill
      icon={ScanFace}
      title={`Identity score ${score} of 100: ${scoreWords(score)}`}
      className={cn('border tabular-nums', tone, className)}
    >
      Identity {score}
      <span className="sr-only">of 100, {scoreWords(score)}</span>
    </Pill>
  );
}

/** The 'Offline preview' label every offline generation carries. */
export function OfflinePreviewLabel({ className }: { className?: string }) {
  return (
    <Pill
      icon={Sparkles}
      className={cn('border border-sky-400/40 bg-sky-500/15 text-sky-100', className)}
    >
      {GENERATE_TEXTS.offlinePreview}
    </Pill>
  );
}

/** The tool that made a gallery item ('Upscale', 'Edit Image', …). */
export function ToolLabel({ tool, className }: { tool: string; className?: string }) {
  return (
    <Pill
      icon={Wrench}
      className={cn('border border-zinc-400/30 bg-black/55 text-zinc-100', className)}
    >
      <span className="sr-only">Made with </span>
      {galleryToolLabel(tool)}
    </Pill>
  );
}
