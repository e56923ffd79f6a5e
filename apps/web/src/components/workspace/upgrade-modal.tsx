import {
  UPGRADE_MODAL_BUTTON,
  UPGRADE_MODAL_TITLES,
  upgradeModalMessage,
  type TUpgradeModalType,
} from '@muse/shared';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';

/**
 * The one upgrade modal (docs/product/workspace.md): opened wherever the plan's entitlements say
 * no. `type` null keeps it closed.
 */
export function UpgradeModal({
  type,
  onClose,
}: {
  type: TUpgradeModalType | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={type !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {type ? (
        <DialogContent title={UPGRADE_MODAL_TITLES[type]} description={upgradeModalMessage(type)}>
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
