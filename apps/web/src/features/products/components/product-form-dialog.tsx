import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_TEXTS,
  ZProductFields,
  type TProduct,
  type TProductFields,
} from '@muse/shared';
import { AlertCircle, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import {
  checkImageFiles,
  ProductImagePicker,
  toNewImage,
  type TExistingImage,
  type TNewImage,
} from './product-image-picker';

type TFieldErrors = Partial<Record<keyof TProductFields, string>>;
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

const textareaClass =
  'min-h-24 w-full rounded-xl border border-ink-600 bg-ink-900 px-4 py-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none disabled:opacity-50 aria-[invalid=true]:border-red-500';

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

  function addFiles(files: File[]) {
    const room = MAX_PRODUCT_IMAGES - existing.length - added.length;
    const { accepted, error } = checkImageFiles(files, room);
    setImageError(error);
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
    if (error instanceof ApiError && error.status === 403) {
      onDone();
      onLimitReached();
      return;
    }
    if (error instanceof ApiError && error.status === 404) {
      // Deleted meanwhile (another tab): the list is refreshed and it leaves it.
      toast.error(PRODUCT_TEXTS.notFound);
      onDone();
      return;
    }
    const failed = product ? PRODUCT_TEXTS.updateFailed : PRODUCT_TEXTS.createFailed;
    // The server's reason, the connection text when it was not reached, else the generic text.
    let reason: string = failed;
    if (error instanceof ApiError)
      reason = error.serverError ?? (error.status === 0 ? error.message : failed);
    setFormError(reason);
    toast.error(failed);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZProductFields.safeParse(draft);
    if (!parsed.success) {
      const errors: TFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof TProductFields;
        errors[name] ??= issue.message;
      }
      setFieldErrors(errors);
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
      {formError ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-300"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{formError}</span>
        </div>
      ) : null}

      <Field label="Name">
        {(id) => (
          <>
            <Input
              id={id}
              name="name"
              value={draft.name}
              onChange={(event) => setField('name', event.target.value)}
              placeholder="Summer linen shirt"
              autoComplete="off"
              required
              aria-invalid={fieldErrors.name ? true : undefined}
              aria-describedby={fieldErrors.name ? `${id}-error` : undefined}
              disabled={busy}
            />
            <FieldError id={`${id}-error`} message={fieldErrors.name} />
          </>
        )}
      </Field>

      <Field label="Description">
        {(id) => (
          <>
            <textarea
              id={id}
              name="description"
              value={draft.description}
              onChange={(event) => setField('description', event.target.value)}
              placeholder="What it is, who it is for, what makes it stand out"
              rows={4}
              aria-invalid={fieldErrors.description ? true : undefined}
              aria-describedby={fieldErrors.description ? `${id}-error` : undefined}
              disabled={busy}
              className={textareaClass}
            />
            <FieldError id={`${id}-error`} message={fieldErrors.description} />
          </>
        )}
      </Field>

      <Field label="Link">
        {(id) => (
          <>
            <Input
              id={id}
              name="link"
              type="url"
              inputMode="url"
              value={draft.link}
              onChange={(event) => setField('link', event.target.value)}
              placeholder="https://shop.example.com/product"
              autoComplete="url"
              aria-invalid={fieldErrors.link ? true : undefined}
              aria-describedby={fieldErrors.link ? `${id}-error` : undefined}
              disabled={busy}
            />
            <FieldError id={`${id}-error`} message={fieldErrors.link} />
          </>
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

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-400">
      {message}
    </p>
  );
}
