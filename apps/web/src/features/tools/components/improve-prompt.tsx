import { DRAFT_TEXTS, type TPromptDraftTool } from '@muse/shared';
import { Loader2, Wand2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DraftCost, DraftNote } from '../../../components/workspace/draft-note';
import { useDraft } from '../../../lib/drafts';

/**
 * 'Improve my prompt' (docs/product/drafts.md): the creator's few words become a prompt the
 * tool's model follows well, within its field's length. The persona's trigger word never shows:
 * Muse adds it when the image is made.
 */
export function ImprovePrompt({
  tool,
  words,
  influencerId,
  name,
  onImproved,
  disabled = false,
}: {
  tool: TPromptDraftTool;
  words: string;
  influencerId: string | null;
  name: string | null;
  onImproved: (prompt: string) => void;
  disabled?: boolean;
}) {
  const improve = useDraft<'prompt'>();
  const empty = words.trim() === '';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || empty || improve.isPending}
          onClick={() =>
            improve.mutate(
              { kind: 'prompt', tool, words: words.trim(), influencerId: influencerId || null },
              { onSuccess: ({ draft }) => onImproved(draft.prompt) },
            )
          }
        >
          {improve.isPending ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Wand2 aria-hidden="true" className="size-4" />
          )}
          {improve.isPending ? DRAFT_TEXTS.improvingPrompt : DRAFT_TEXTS.improvePrompt}
        </Button>
        <DraftCost />
      </div>
      {improve.isError ? (
        <p role="alert" className="text-xs text-red-300">
          {improve.error instanceof Error ? improve.error.message : DRAFT_TEXTS.draftFailed}
        </p>
      ) : null}
      {improve.isSuccess ? <DraftNote preview={improve.data.preview} name={name} /> : null}
    </div>
  );
}
