import { formatUsage, PRODUCT_TEXTS, type TProduct } from '@muse/shared';
import { Package, Plus } from 'lucide-react';
import { useEffect, useState, type ComponentType } from 'react';
import { QueryError } from '../../components/ui/query-error';
import { PageHeading } from '../../components/layout/page-heading';
import { Button } from '../../components/ui/button';
import { useCan } from '../../lib/workspaces';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toaster';
import { UpgradeModal, type TUpgradeModal } from '../../components/workspace/upgrade-modal';
import { useProducts } from './api/get-products';
import { DeleteProductDialog } from './components/delete-product-dialog';
import { ProductCard } from './components/product-card';
import { ProductFormDialog } from './components/product-form-dialog';

type TFormState = { open: false } | { open: true; product: TProduct | null };

/**
 * Products (docs/product/workspace.md): the products a creator promotes, with their real count over
 * the plan's limit ('0/0 Products' on FREE). Adding opens the form while a slot is free, else the
 * 'product' upgrade modal. Each product with a photo makes product shots with a persona.
 */
export function ProductsPage({
  shotDialog: ProductShotDialog,
  shotsNeedUpgrade,
}: {
  /** The product shot tool's dialog, handed in by the app (the tools feature owns it). */
  shotDialog: ComponentType<{
    product: TProduct | null;
    onClose: () => void;
    onLimit: (type: TUpgradeModal) => void;
  }>;
  /** The plan does not include product shots: Shots opens the upgrade modal instead. */
  shotsNeedUpgrade: boolean;
}) {
  const products = useProducts();
  const [form, setForm] = useState<TFormState>({ open: false });
  const [deleting, setDeleting] = useState<TProduct | null>(null);
  const [upgrade, setUpgrade] = useState<TUpgradeModal | null>(null);
  const [shooting, setShooting] = useState<TProduct | null>(null);
  // Adding, editing and deleting products is for the roles that edit (not a viewer).
  const canEdit = useCan('edit');

  const failed = products.isError;
  useEffect(() => {
    if (failed) toast.error(PRODUCT_TEXTS.fetchFailed);
  }, [failed]);

  const data = products.data;

  function startShot(product: TProduct) {
    // A plan without product shots gets the upgrade modal, not a form it cannot send.
    if (shotsNeedUpgrade) setUpgrade('tool');
    else setShooting(product);
  }

  function startAdding() {
    if (!data) return;
    if (data.used < data.limit) setForm({ open: true, product: null });
    else setUpgrade('product');
  }

  return (
    <>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <PageHeading title="Products">
          The products your influencers promote, with their pictures and shop links.
        </PageHeading>
        <div className="flex flex-wrap items-center gap-3">
          <UsageBadge label={data ? formatUsage(data, 'Products') : null} />
          {canEdit ? (
            <Button onClick={startAdding} disabled={!data} className="max-sm:flex-1">
              <Plus aria-hidden="true" className="size-4" />
              {PRODUCT_TEXTS.addNew}
            </Button>
          ) : null}
        </div>
      </div>

      {products.isPending ? (
        <Spinner label="Loading products..." className="py-20" />
      ) : failed ? (
        <QueryError query={products} title={PRODUCT_TEXTS.fetchFailed} />
      ) : products.data.products.length === 0 ? (
        <section
          aria-labelledby="products-empty-heading"
          className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 bg-ink-900/40 px-6 py-16 text-center"
        >
          <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-500/20 to-accent-500/20 text-brand-300">
            <Package aria-hidden="true" className="size-8" />
          </span>
          <h2 id="products-empty-heading" className="mt-5 text-xl font-semibold text-white">
            {PRODUCT_TEXTS.empty}
          </h2>
          <p className="mt-2 max-w-sm text-sm text-zinc-400">
            Add the clothes, gadgets or brands you work with. Your influencer can then feature them
            in new shots.
          </p>
          {canEdit ? (
            <Button onClick={startAdding} className="mt-6">
              <Plus aria-hidden="true" className="size-4" />
              {PRODUCT_TEXTS.addFirst}
            </Button>
          ) : null}
        </section>
      ) : (
        <section aria-labelledby="products-list-heading">
          <h2 id="products-list-heading" className="sr-only">
            Your products
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {products.data.products.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  onEdit={canEdit ? () => setForm({ open: true, product }) : undefined}
                  onDelete={canEdit ? () => setDeleting(product) : undefined}
                  onShoot={() => startShot(product)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      <ProductFormDialog
        open={form.open}
        product={form.open ? form.product : null}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
        onLimitReached={() => setUpgrade('product')}
      />
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
      <ProductShotDialog
        product={shooting}
        onClose={() => setShooting(null)}
        onLimit={(type) => {
          setShooting(null);
          setUpgrade(type);
        }}
      />
      <UpgradeModal type={upgrade} onClose={() => setUpgrade(null)} />
    </>
  );
}

function UsageBadge({ label }: { label: string | null }) {
  if (label === null) {
    return (
      <span className="h-9 w-28 animate-pulse rounded-full bg-ink-800">
        <span className="sr-only">Loading</span>
      </span>
    );
  }
  return (
    <span className="inline-flex h-9 items-center gap-2 rounded-full border border-ink-700 bg-ink-900 px-4 text-sm font-semibold text-zinc-100">
      <Package aria-hidden="true" className="size-4 text-brand-300" />
      {label}
    </span>
  );
}
