import { DRAFT_TEXTS, type TCaptionDraft, type TPublishPlatform } from '@muse/shared';
import { Loader2, PenLine } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DraftCost, DraftNote } from '../../../components/workspace/draft-note';
import { useDraft } from '../../../lib/drafts';

/**
 * 'Write a caption' (docs/product/drafts.md): a caption in the influencer's voice for the chosen
 * pictures and clips, one for the post (its Muse page) and one for each chosen platform, within
 * each one's limits and leaving room for what the post adds (`reserve`: a pay-per-view post's
 * unlock line). The creator edits what it writes; nothing goes out by itself.
 */
export function CaptionDraft({
  influencerId,
  influencerName,
  itemIds,
  platforms,
  reserve,
  disabled,
  onWritten,
}: {
  influencerId: string;
  influencerName: string | null;
  itemIds: readonly string[];
  platforms: readonly TPublishPlatform[];
  reserve: number;
  disabled: boolean;
  onWritten: (captions: TCaptionDraft[]) => void;
}) {
  const write = useDraft<'caption'>();
  const ready = influencerId !== '' && itemIds.length > 0;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || !ready || write.isPending}
          onClick={() =>
            write.mutate(
              {
                kind: 'caption',
                influencerId,
                itemIds: [...itemIds],
                targets: ['page', ...platforms],
                reserve,
              },
              { onSuccess: ({ draft }) => onWritten(draft.captions) },
            )
          }
        >
          {write.isPending ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <PenLine aria-hidden="true" className="size-4" />
          )}
          {write.isPending ? DRAFT_TEXTS.writingCaption : DRAFT_TEXTS.writeCaption}
        </Button>
        <DraftCost />
        {!ready ? (
          <span className="text-xs text-zinc-500">Choose an image or a video first</span>
        ) : null}
      </div>
      {write.isError ? (
        <p role="alert" className="text-xs text-red-300">
          {write.error instanceof Error ? write.error.message : DRAFT_TEXTS.draftFailed}
        </p>
      ) : null}
      {write.isSuccess ? <DraftNote preview={write.data.preview} name={influencerName} /> : null}
    </div>
  );
}
