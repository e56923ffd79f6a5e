import type { TContentCredentialsStep, TGalleryItem } from '@muse/shared';
import { GENERATE_TEXTS } from '@muse/shared';
import { ShieldCheck } from 'lucide-react';
import { formatWhen } from '../../lib/media-format';

/** An engine as the app names it: the local one makes Offline previews. */
export function engineName(engine: string | null): string {
  if (engine === 'local') return `${GENERATE_TEXTS.offlinePreview} engine`;
  if (engine === 'fal') return 'fal.ai';
  return engine ?? 'an unknown engine';
}

/** 'Generated with Offline preview engine', 'Edited', 'Upscaled': one step of the chain. */
function stepName(step: TContentCredentialsStep, tool?: string): string {
  if (step.action === 'c2pa.created') return `Generated with ${engineName(step.engine)}`;
  if (tool === 'upscale') return 'Upscaled';
  return 'Edited';
}

/**
 * What the item's signed Content Credentials (C2PA) say: made with which Muse, when, by which
 * engine and model, and the chain of edits that led to it, oldest first. Shown in the gallery and,
 * for a reported post, in the operators' console.
 */
export function ContentCredentialsSection({
  item,
}: {
  item: Pick<TGalleryItem, 'id' | 'credentials'> & { tool?: TGalleryItem['tool'] };
}) {
  const credentials = item.credentials;
  return (
    <section aria-labelledby={`credentials-${item.id}`} className="space-y-2">
      <h3
        id={`credentials-${item.id}`}
        className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-zinc-400 uppercase"
      >
        <ShieldCheck aria-hidden="true" className="size-4 text-emerald-300" />
        Content Credentials
      </h3>
      {credentials ? (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-zinc-400">
            <dt>Made with</dt>
            <dd className="text-zinc-200">{credentials.softwareAgent ?? 'Muse'}</dd>
            {credentials.signedAt ? (
              <>
                <dt>Signed</dt>
                <dd className="text-zinc-200">
                  <time dateTime={credentials.signedAt}>{formatWhen(credentials.signedAt)}</time>
                </dd>
              </>
            ) : null}
            <dt>Engine</dt>
            <dd className="text-zinc-200">{engineName(credentials.engine)}</dd>
            {credentials.model && credentials.model !== credentials.engine ? (
              <>
                <dt>Model</dt>
                <dd className="text-zinc-200 wrap-anywhere">{credentials.model}</dd>
              </>
            ) : null}
          </dl>
          <ol
            aria-label="Chain of edits"
            className="flex flex-wrap items-center gap-1 text-zinc-200"
          >
            {[...credentials.chain, credentials].map((step, index, steps) => (
              <li key={index} className="flex items-center gap-1">
                {index > 0 ? (
                  <span aria-hidden="true" className="text-zinc-500">
                    →
                  </span>
                ) : null}
                {stepName(step, index === steps.length - 1 ? item.tool : undefined)}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="text-zinc-400">
          No Content Credentials (made before Muse signed its outputs)
        </p>
      )}
    </section>
  );
}
