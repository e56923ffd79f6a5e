import { formatCount, TOOL_TEXTS, VIDEO_TEXTS } from '@muse/shared';
import { Gem } from 'lucide-react';
import type { TToolAccess } from '../use-tool-access';

/**
 * The price of one run beside the account's balance, and why the tool is locked if it is. Where
 * the button names its cost in gems ('Upscale Image (10 gems)', docs/product/tools.md), `gems` says that
 * gems are credits.
 */
export function CostNote({ access, gems = false }: { access: TToolAccess; gems?: boolean }) {
  return (
    <div className="space-y-1 text-xs">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-zinc-400">
        <span className="inline-flex items-center gap-1">
          <Gem aria-hidden="true" className="size-3.5 text-brand-300" />
          {access.preview ? VIDEO_TEXTS.previewButtonSuffix : `Costs ${access.cost} credits`}
        </span>
        {gems && !access.preview ? <span>{TOOL_TEXTS.gemsAreCredits}</span> : null}
        {access.balance !== null ? (
          <span>Balance: {formatCount(access.balance)} credits</span>
        ) : null}
      </p>
      {access.reason === 'plan' ? (
        <p className="text-amber-300/90">{TOOL_TEXTS.notAllowed}</p>
      ) : null}
      {access.reason === 'credits' ? (
        <p className="text-amber-300/90">
          Not enough credits: this needs {access.cost}. Get more credits to continue.
        </p>
      ) : null}
    </div>
  );
}
