import { CREDIT_COSTS, DRAFT_TEXTS } from '@muse/shared';
import { PenLine } from 'lucide-react';
import { useTextEngine } from '../../lib/text-engine';
import { OfflinePreviewLabel } from './identity-badge';

/**
 * What a draft button costs, beside it: free where Muse's templates write, a credit with a text
 * engine (docs/product/drafts.md). Nothing until the server has said which.
 */
export function DraftCost({ className }: { className?: string }) {
  const text = useTextEngine();
  if (!text) return null;
  const cost = CREDIT_COSTS.textDraft;
  return (
    <span className={className ?? 'text-xs text-zinc-400'}>
      {text.preview ? 'Offline preview, free' : `${cost} credit${cost === 1 ? '' : 's'}`}
    </span>
  );
}

/**
 * Under a drafted text: an offline draft is labelled and says what a text engine would do; a
 * text engine's draft asks to be read over, as every draft should be before it goes out.
 */
export function DraftNote({ preview, name }: { preview: boolean; name: string | null }) {
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 text-xs text-zinc-400">
      {preview ? (
        <>
          <OfflinePreviewLabel />
          <span>{name ? DRAFT_TEXTS.offlineNote(name) : DRAFT_TEXTS.offlineNoteNoPersona}</span>
        </>
      ) : (
        <>
          <PenLine aria-hidden="true" className="size-3.5 text-brand-300" />
          <span>
            {name ? `Drafted in ${name}'s voice` : 'Drafted for you'}: read it over before it goes
            out.
          </span>
        </>
      )}
    </p>
  );
}
