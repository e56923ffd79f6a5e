import { VIDEO_TEXTS, type TProduct } from '@muse/shared';
import { Camera, ExternalLink, Images, Package } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';

/** The link's host, shown instead of the whole address ("shop.example.com"). */
function linkLabel(link: string): string {
  try {
    return new URL(link).host.replace(/^www\./, '');
  } catch {
    return link;
  }
}

/**
 * One product: its cover (first image) or a placeholder, name, description, link and actions,
 * among them a product shot (which needs the product's photo).
 */
export function ProductCard({
  product,
  onEdit,
  onDelete,
  onShoot,
}: {
  product: TProduct;
  /** Without these (a role that may not edit), no Edit and Delete. */
  onEdit?: () => void;
  onDelete?: () => void;
  onShoot: () => void;
}) {
  const headingId = useId();
  const shotHintId = useId();
  const cover = product.images[0];
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-ink-800 bg-ink-900/70"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-ink-950">
        {cover ? (
          <img
            src={cover.thumbnail}
            alt={product.name}
            loading="lazy"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="grid size-full place-items-center bg-[radial-gradient(80%_80%_at_50%_30%,rgba(236,72,153,0.12),transparent_70%)]">
            <Package aria-hidden="true" className="size-10 text-zinc-600" />
          </div>
        )}
        {product.images.length > 1 ? (
          <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-zinc-200">
            <Images aria-hidden="true" className="size-3.5" />
            {product.images.length}
            <span className="sr-only"> images</span>
          </span>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={headingId} className="text-base font-semibold break-words text-white">
          {product.name}
        </h3>
        {product.description ? (
          <p className="line-clamp-3 text-sm break-words text-zinc-400">{product.description}</p>
        ) : (
          <p className="text-sm text-zinc-600 italic">No description</p>
        )}
        {product.link ? (
          <a
            href={product.link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1.5 self-start text-sm font-medium text-brand-300 hover:text-brand-400"
          >
            <span className="truncate">{linkLabel(product.link)}</span>
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}

        <div className="mt-auto space-y-3 pt-2">
          <div className="space-y-1.5">
            <Button
              variant="outline"
              size="sm"
              className="h-auto min-h-9 w-full py-1.5 text-balance"
              onClick={onShoot}
              disabled={!cover}
              aria-label={`Generate product shot of ${product.name}`}
              aria-describedby={cover ? undefined : shotHintId}
            >
              <Camera aria-hidden="true" className="size-4" />
              Generate product shot
            </Button>
            {cover ? null : (
              <p id={shotHintId} className="text-xs text-zinc-400">
                {VIDEO_TEXTS.productNoPhoto}
              </p>
            )}
          </div>
          {onEdit && onDelete ? (
            <EditDeleteButtons name={product.name} onEdit={onEdit} onDelete={onDelete} />
          ) : null}
        </div>
      </div>
    </article>
  );
}
