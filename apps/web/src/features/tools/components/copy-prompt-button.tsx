import { Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';

export const PROMPT_COPIED = 'Prompt copied';

/** Copies a generated prompt to the clipboard, ready to paste into a Flux generation. */
export function CopyPromptButton({
  prompt,
  label = 'Copy',
  iconOnly = false,
}: {
  prompt: string;
  label?: string;
  iconOnly?: boolean;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(prompt);
      toast.success(PROMPT_COPIED);
    } catch {
      toast.error('The prompt could not be copied. Select it and copy it by hand.');
    }
  }
  return (
    <Button
      variant="secondary"
      size={iconOnly ? 'icon' : 'md'}
      onClick={() => void copy()}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      className={iconOnly ? 'size-9 shrink-0' : undefined}
    >
      <Copy aria-hidden="true" className="size-4" />
      {iconOnly ? null : label}
    </Button>
  );
}
