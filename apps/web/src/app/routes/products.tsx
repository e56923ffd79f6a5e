import { ProductsPage } from '../../features/products/products-page';
import { ProductShotDialog } from '../../features/tools/components/product-shot-dialog';
import { useToolAccess } from '../../features/tools/use-tool-access';

/**
 * Each product makes product shots, a tool the tools feature owns. Features do not import each
 * other: the app puts the two together here.
 */
export function ProductsRoute() {
  const shotAccess = useToolAccess('product-shot');
  return (
    <ProductsPage shotDialog={ProductShotDialog} shotsNeedUpgrade={shotAccess.reason === 'plan'} />
  );
}
