import {
  TOOL_TEXTS,
  UPGRADE_MODAL_BUTTON,
  UPGRADE_MODAL_TITLES,
  upgradeModalMessage,
  VIDEO_TEXTS,
  type TUpgradeModalType,
} from '@muse/shared';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';

/**
 * What the modal is about: one of the limit types (docs/product/workspace.md), or, for the tools
 * that have no limit modal of their own (Generate Video, face swap, product shots), 'tool' (the
 * plan does not include it) and 'credits' (the balance does not cover it).
 */
export type TUpgradeModal = TUpgradeModalType | 'tool' | 'credits';

const TOOL_MODALS = {
  tool: { title: VIDEO_TEXTS.upgradeRequired, message: TOOL_TEXTS.notAllowed },
  credits: { title: TOOL_TEXTS.creditsShortTitle, message: TOOL_TEXTS.creditsShort },
} as const;

function textsOf(type: TUpgradeModal): { title: string; message: string } {
  if (type === 'tool' || type === 'credits') return TOOL_MODALS[type];
  return { title: UPGRADE_MODAL_TITLES[type], message: upgradeModalMessage(type) };
}

/**
 * The one upgrade modal (docs/product/workspace.md): opened wherever the plan's entitlements say
 * no. `type` null keeps it closed.
 */
export function UpgradeModal({
  type,
  onClose,
}: {
  type: TUpgradeModal | null;
  onClose: () => void;
}) {
  const texts = type ? textsOf(type) : null;
  return (
    <Dialog open={type !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {texts ? (
        <DialogContent title={texts.title} description={texts.message}>
          <div className="mt-6 flex flex-col items-center gap-4 text-center">
            <span className="grid size-14 place-items-center rounded-full bg-brand-500/15 text-brand-300">
              <Crown className="size-7" aria-hidden="true" />
            </span>
            <Button asChild className="w-full">
              <Link to="/credits" onClick={onClose}>
                {UPGRADE_MODAL_BUTTON}
              </Link>
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
