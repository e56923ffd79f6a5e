import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_TEXTS,
  UPLOAD_TEXTS,
  ZProductFields,
  type TProduct,
  type TProductFields,
} from '@muse/shared';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import {
  ErrorBanner,
  Field,
  Input,
  Textarea,
  errorText,
  fieldIssues,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toaster';
import { hasErrorCode } from '../../../lib/api';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import type { TImagePick } from '../../../components/ui/image-input';
import {
  ProductImagePicker,
  toNewImage,
  type TExistingImage,
  type TNewImage,
} from './product-image-picker';

type TFieldErrors = Partial<Record<string, string>>;
type TDraft = Record<keyof TProductFields, string>;

/**
 * Adds a product (no `product`) or edits one: name, description, link and up to 5 images.
 * A 403 (no free product slot) closes the form and hands over to the upgrade modal.
 */
export function ProductFormDialog({
  open,
  product,
  onOpenChange,
  onLimitReached,
}: {
  open: boolean;
  product: TProduct | null;
  onOpenChange: (open: boolean) => void;
  onLimitReached: () => void;
}) {
  // Held here, so a save under way keeps the dialog open and its answer is not lost.
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const busy = create.isPending || update.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      {open ? (
        <DialogContent
          title={product ? 'Edit Product' : PRODUCT_TEXTS.addNew}
          description={
            product
              ? 'Change the details or the pictures of this product.'
              : 'Add a product you promote, so your influencer can feature it.'
          }
          className="max-w-xl"
        >
          <ProductForm
            key={product?.id ?? 'new'}
            product={product}
            create={create}
            update={update}
            onDone={() => onOpenChange(false)}
            onLimitReached={onLimitReached}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ProductForm({
  product,
  create,
  update,
  onDone,
  onLimitReached,
}: {
  product: TProduct | null;
  create: ReturnType<typeof useCreateProduct>;
  update: ReturnType<typeof useUpdateProduct>;
  onDone: () => void;
  onLimitReached: () => void;
}) {
  const busy = create.isPending || update.isPending;
  const [draft, setDraft] = useState<TDraft>({
    name: product?.name ?? '',
    description: product?.description ?? '',
    link: product?.link ?? '',
  });
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [existing, setExisting] = useState<readonly TExistingImage[]>(product?.images ?? []);
  const [added, setAdded] = useState<readonly TNewImage[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  // The previews' object URLs are freed when the form goes away.
  const addedRef = useRef(added);
  useEffect(() => {
    addedRef.current = added;
  }, [added]);
  useEffect(
    () => () => {
      for (const image of addedRef.current) URL.revokeObjectURL(image.previewUrl);
    },
    [],
  );

  function setField(name: keyof TDraft, value: string) {
    setDraft((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  }

  function addFiles({ files, problem }: TImagePick) {
    const room = MAX_PRODUCT_IMAGES - existing.length - added.length;
    const accepted = files.slice(0, Math.max(room, 0));
    setImageError(problem ?? (accepted.length < files.length ? UPLOAD_TEXTS.tooManyImages : null));
    if (accepted.length > 0) setAdded((current) => [...current, ...accepted.map(toNewImage)]);
  }

  function removeAdded(key: string) {
    setImageError(null);
    setAdded((current) => {
      const removed = current.find((image) => image.key === key);
      if (removed) URL.revokeObjectURL(removed.previewUrl);
      return current.filter((image) => image.key !== key);
    });
  }

  function removeExisting(id: string) {
    setImageError(null);
    setExisting((current) => current.filter((image) => image.id !== id));
  }

  function handleError(error: unknown) {
    if (hasErrorCode(error, 'PRODUCT_LIMIT')) {
      onDone();
      onLimitReached();
      return;
    }
    if (hasErrorCode(error, 'PRODUCT_NOT_FOUND')) {
      // Deleted meanwhile (another tab): the list is refreshed and it leaves it.
      toast.error(PRODUCT_TEXTS.notFound);
      onDone();
      return;
    }
    const failed = product ? PRODUCT_TEXTS.updateFailed : PRODUCT_TEXTS.createFailed;
    setFormError(errorText(error, failed));
    toast.error(failed);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZProductFields.safeParse(draft);
    if (!parsed.success) {
      setFieldErrors(fieldIssues(parsed.error));
      return;
    }
    const files = added.map((image) => image.file);
    if (product) {
      update.mutate(
        {
          id: product.id,
          fields: parsed.data,
          keepImageIds: existing.map((image) => image.id),
          files,
        },
        {
          onSuccess: () => {
            toast.success(PRODUCT_TEXTS.updated);
            onDone();
          },
          onError: handleError,
        },
      );
      return;
    }
    create.mutate(
      { fields: parsed.data, files },
      {
        onSuccess: () => {
          toast.success(PRODUCT_TEXTS.created);
          onDone();
        },
        onError: handleError,
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
      {formError ? <ErrorBanner>{formError}</ErrorBanner> : null}

      <Field label="Name" error={fieldErrors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            value={draft.name}
            onChange={(event) => setField('name', event.target.value)}
            placeholder="Summer linen shirt"
            autoComplete="off"
            required
            disabled={busy}
          />
        )}
      </Field>

      <Field label="Description" error={fieldErrors.description}>
        {(control) => (
          <Textarea
            {...control}
            name="description"
            value={draft.description}
            onChange={(event) => setField('description', event.target.value)}
            placeholder="What it is, who it is for, what makes it stand out"
            rows={4}
            disabled={busy}
            className="min-h-24"
          />
        )}
      </Field>

      <Field label="Link" error={fieldErrors.link}>
        {(control) => (
          <Input
            {...control}
            name="link"
            type="url"
            inputMode="url"
            value={draft.link}
            onChange={(event) => setField('link', event.target.value)}
            placeholder="https://shop.example.com/product"
            autoComplete="url"
            disabled={busy}
          />
        )}
      </Field>

      <ProductImagePicker
        existing={existing}
        added={added}
        error={imageError}
        disabled={busy}
        onAdd={addFiles}
        onRemoveExisting={removeExisting}
        onRemoveAdded={removeAdded}
      />

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {busy ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
