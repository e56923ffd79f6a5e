import { createPortal } from 'react-dom';
import { PurchaseNotes } from '../../../components/posts/purchase-notes';
import { Toaster } from '../../../components/ui/toaster';
import { PURCHASE_RETURN_PARAM, usePurchaseReturnOf } from '../../../lib/purchase-return';

/** Takes the return's flag out of the address, so a reload does not say it again. */
function clearFlag() {
  const url = new URL(window.location.href);
  url.searchParams.delete(PURCHASE_RETURN_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/**
 * The way back from a post's checkout to an influencer's public page on its own first visit,
 * loaded only when the address carries the flag (docs/decisions/0058-public-page-for-fans.md):
 * the page's notes ('Checkout cancelled…'), and 'Post unlocked' in a toast, with the toaster it
 * needs. `onPaid` reads the page again after a payment.
 */
export function PurchaseReturn({ flag, onPaid }: { flag: string; onPaid: () => void }) {
  const purchase = usePurchaseReturnOf(flag, { clearFlag, onPaid }, null);
  return (
    <>
      <PurchaseNotes purchase={purchase} />
      {createPortal(<Toaster />, document.body)}
    </>
  );
}
