import { API_KEY_TEXTS } from '@muse/shared';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';

/**
 * A secret Muse shows once (a new key, an endpoint's signing secret): in a read-only monospace
 * field with Copy, and the warning that it will not be shown again. Focus lands on the field,
 * all of it selected, so it can be copied at once. `onDone` puts it away for good.
 */
export function SecretPanel({
  title,
  label,
  secret,
  onDone,
}: {
  title: string;
  /** What the field is called ('Secret key', 'Signing secret'). */
  label: string;
  secret: string;
  onDone: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    field.current?.focus();
  }, []);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      field.current?.select();
      toast.error('It could not be copied: select it and copy it by hand.');
    }
  }

  return (
    <div
      role="region"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-warning`}
      className="space-y-4 rounded-xl border border-amber-400/30 bg-amber-500/10 p-4 sm:p-5"
    >
      <div>
        <h3 id={`${id}-title`} className="font-semibold text-white">
          {title}
        </h3>
        <p id={`${id}-warning`} className="mt-1 flex gap-2 text-sm text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          {API_KEY_TEXTS.copyNow}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-secret`} className="block text-sm font-medium text-zinc-300">
          {label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={field}
            id={`${id}-secret`}
            readOnly
            value={secret}
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 w-full min-w-0 rounded-xl border border-ink-600 bg-ink-950 px-4 font-mono text-sm text-zinc-100 focus:border-brand-400 focus:outline-none"
          />
          <Button variant="secondary" className="shrink-0 sm:min-w-28" onClick={() => void copy()}>
            {copied ? (
              <Check aria-hidden="true" className="size-4 text-emerald-400" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copied ? API_KEY_TEXTS.copied : API_KEY_TEXTS.copy}
          </Button>
        </div>
        <span role="status" className="sr-only">
          {copied ? API_KEY_TEXTS.copied : ''}
        </span>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>{API_KEY_TEXTS.done}</Button>
      </div>
    </div>
  );
}
