import {
  INFLUENCER_NICHES,
  INFLUENCER_NICHE_LABELS,
  INFLUENCER_TEXTS,
  ZInfluencerFields,
  type TInfluencer,
  type TInfluencerNiche,
} from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DraftCost, DraftNote } from '../../../components/workspace/draft-note';
import { useTextEngine } from '../../../lib/text-engine';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import {
  ErrorBanner,
  Field,
  Input,
  Select,
  Textarea,
  errorText,
  parseForm,
  type TFormError,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toaster';
import { hasErrorCode } from '../../../lib/api';
import { invalidateWorkspace } from '../../../lib/workspace';
import { useCreateInfluencer } from '../api/create-influencer';
import { useGenerateInfluencer } from '../api/generate-influencer';
import type { TInfluencerDraft } from '../api/influencer-form-data';
import { useUpdateInfluencer } from '../api/update-influencer';
import { InfluencerImageField } from './influencer-image-field';

type TValues = {
  name: string;
  niche: TInfluencerNiche | '';
  personality: string;
  target_audience: string;
  description: string;
};

function isNiche(value: string): value is TInfluencerNiche {
  return (INFLUENCER_NICHES as readonly string[]).includes(value);
}

function initialValues(influencer: TInfluencer | null | undefined): TValues {
  return {
    name: influencer?.name ?? '',
    // An influencer made elsewhere may carry a niche the form does not offer: choose again.
    niche: influencer && isNiche(influencer.niche) ? influencer.niche : '',
    personality: influencer?.personality ?? '',
    target_audience: influencer?.target_audience ?? '',
    description: influencer?.description ?? '',
  };
}

/**
 * The influencer form (fields and checks in docs/product/workspace.md): creates an influencer when `influencer`
 * is absent, else edits it (PUT). Self-contained, so the dashboard opens it too. A 403 on create
 * (no free slot) closes the form and calls `onLimitReached`, where the opener shows its
 * 'Influencer Limit Reached' modal.
 */
export function InfluencerFormDialog({
  open,
  onOpenChange,
  influencer,
  onLimitReached,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  influencer?: TInfluencer | null;
  onLimitReached?: () => void;
}) {
  const queryClient = useQueryClient();
  const create = useCreateInfluencer();
  const update = useUpdateInfluencer();
  const saving = create.isPending || update.isPending;
  const editing = Boolean(influencer);

  return (
    // A save under way keeps the form open, so its answer is not lost.
    <Dialog open={open} onOpenChange={(next) => (saving && !next ? undefined : onOpenChange(next))}>
      <DialogContent
        className="max-w-2xl p-5 sm:p-6"
        title={editing ? 'Edit Influencer' : 'Create AI Influencer'}
        description={
          editing
            ? `Update ${influencer?.name ?? 'your influencer'}: the changes show wherever it appears.`
            : 'Give your influencer a name, a niche and a voice. You can change everything later.'
        }
      >
        {/* The content unmounts when the dialog closes, so every opening starts fresh. */}
        <InfluencerForm
          key={influencer?.id ?? 'new'}
          influencer={influencer ?? null}
          saving={saving}
          onSave={(draft, setError) => {
            if (!influencer) {
              create.mutate(draft, {
                onSuccess: () => {
                  toast.success(INFLUENCER_TEXTS.created);
                  onOpenChange(false);
                },
                onError: (error) => {
                  if (hasErrorCode(error, 'INFLUENCER_LIMIT')) {
                    // The counts this page showed were out of date: fetch the real ones.
                    onOpenChange(false);
                    void invalidateWorkspace(queryClient);
                    if (onLimitReached) onLimitReached();
                    else toast.error(errorText(error, INFLUENCER_TEXTS.noSlot));
                    return;
                  }
                  const message = errorText(error, INFLUENCER_TEXTS.createFailed);
                  toast.error(message);
                  if (hasErrorCode(error, 'INVALID_REQUEST')) setError({ message });
                },
              });
              return;
            }
            update.mutate(
              { ...draft, id: influencer.id },
              {
                onSuccess: () => {
                  toast.success(INFLUENCER_TEXTS.updated);
                  onOpenChange(false);
                },
                onError: (error) => {
                  const message = errorText(error, INFLUENCER_TEXTS.updateFailed);
                  toast.error(message);
                  if (hasErrorCode(error, 'INFLUENCER_NOT_FOUND')) {
                    // Deleted meanwhile (another tab): it leaves every list.
                    onOpenChange(false);
                    void invalidateWorkspace(queryClient);
                    return;
                  }
                  if (hasErrorCode(error, 'INVALID_REQUEST')) setError({ message });
                },
              },
            );
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function InfluencerForm({
  influencer,
  saving,
  onSave,
}: {
  influencer: TInfluencer | null;
  saving: boolean;
  onSave: (draft: TInfluencerDraft, setError: (error: TFormError) => void) => void;
}) {
  const generate = useGenerateInfluencer();
  // Who drafts: Muse's templates (free, labelled) or a text engine (a credit).
  const text = useTextEngine();
  const [values, setValues] = useState<TValues>(() => initialValues(influencer));
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [error, setError] = useState<TFormError | null>(null);
  const busy = saving || generate.isPending;
  const bannerRef = useRef<HTMLDivElement>(null);

  // The banner sits above the form: bring it into view (focus is already on the field at fault).
  useEffect(() => {
    if (error) bannerRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  function set<K extends keyof TValues>(key: K, value: TValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (error?.field === key) setError(null);
  }

  function generateWithAi() {
    if (!values.niche) return;
    generate.mutate(values.niche, {
      onSuccess: (persona) => {
        setValues((current) => ({ ...current, ...persona }));
        if (error?.field && error.field !== 'name' && error.field !== 'niche') setError(null);
        toast.success(INFLUENCER_TEXTS.generated);
      },
      onError: () => toast.error(INFLUENCER_TEXTS.generateFailed),
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    const fields = parseForm(ZInfluencerFields, values, form, setError);
    if (!fields) return;
    onSave({ fields, image, removeImage }, setError);
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4">
      {error ? <ErrorBanner ref={bannerRef}>{error.message}</ErrorBanner> : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" invalid={error?.field === 'name'}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="off"
              placeholder="e.g. Luna Vale"
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              disabled={saving}
            />
          )}
        </Field>
        <Field label="Niche" invalid={error?.field === 'niche'}>
          {(control) => (
            <Select
              {...control}
              name="niche"
              value={values.niche}
              onChange={(event) => {
                const value = event.target.value;
                set('niche', isNiche(value) ? value : '');
              }}
              disabled={saving}
            >
              <option value="" disabled>
                Select a niche
              </option>
              {INFLUENCER_NICHES.map((niche) => (
                <option key={niche} value={niche}>
                  {INFLUENCER_NICHE_LABELS[niche]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      {/* 'Generate with AI' appears only once a niche is chosen. */}
      {values.niche ? (
        <div className="flex flex-col gap-3 rounded-xl border border-accent-500/25 bg-accent-500/5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-zinc-300">
            Let AI draft the personality, target audience and description for a{' '}
            <span className="font-medium text-white">{INFLUENCER_NICHE_LABELS[values.niche]}</span>{' '}
            influencer.
          </p>
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            onClick={generateWithAi}
            disabled={busy}
            aria-busy={generate.isPending || undefined}
          >
            {generate.isPending ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" className="size-4 text-accent-400" />
            )}
            {generate.isPending ? 'Generating...' : 'Generate with AI'}
          </Button>
        </div>
      ) : null}
      {values.niche && (generate.isSuccess || text) ? (
        <div className="-mt-2 flex flex-wrap items-center gap-3">
          {generate.isSuccess && text ? (
            <DraftNote preview={text.preview} name={values.name.trim() || null} />
          ) : (
            <DraftCost />
          )}
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Personality" invalid={error?.field === 'personality'}>
          {(control) => (
            <Textarea
              {...control}
              name="personality"
              rows={3}
              placeholder="Witty, warm and endlessly curious"
              value={values.personality}
              onChange={(event) => set('personality', event.target.value)}
              disabled={busy}
            />
          )}
        </Field>
        <Field label="Target Audience" invalid={error?.field === 'target_audience'}>
          {(control) => (
            <Textarea
              {...control}
              name="target_audience"
              rows={3}
              placeholder="Who follows this influencer?"
              value={values.target_audience}
              onChange={(event) => set('target_audience', event.target.value)}
              disabled={busy}
            />
          )}
        </Field>
      </div>
      <Field label="Description" invalid={error?.field === 'description'}>
        {(control) => (
          <Textarea
            {...control}
            name="description"
            rows={3}
            placeholder="What is this influencer about?"
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            disabled={busy}
          />
        )}
      </Field>

      <InfluencerImageField
        currentImage={influencer?.image ?? null}
        disabled={saving}
        onChange={(file, drop) => {
          setImage(file);
          setRemoveImage(drop);
          if (error?.field === 'image') setError(null);
        }}
        onProblem={(message) => setError({ message, field: 'image' })}
      />

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={saving}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy} aria-busy={saving || undefined}>
          {saving ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {influencer
            ? saving
              ? 'Saving...'
              : 'Save Changes'
            : saving
              ? 'Creating...'
              : 'Create Influencer'}
        </Button>
      </div>
    </form>
  );
}
