import { ChevronDown, CircleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode, Ref } from 'react';
import type { z } from 'zod';
import { cn } from '../../lib/cn';

/** The look of components/ui Input, for the form's multi-line fields and its select. */
const CONTROL =
  'w-full rounded-xl border border-ink-600 bg-ink-900 px-4 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none disabled:opacity-50 aria-[invalid=true]:border-red-500';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea className={cn(CONTROL, 'resize-y py-3 leading-relaxed', className)} {...props} />
  );
}

export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(CONTROL, 'h-11 appearance-none pr-10', className)} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-zinc-400"
      />
    </div>
  );
}

/** Errors appear in a red banner above the form (the auth forms' banner, same look). */
export function InfluencerErrorBanner({
  children,
  ref,
}: {
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="alert"
      className="flex items-start gap-2.5 rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-400" aria-hidden="true" />
      <div className="min-w-0 wrap-anywhere">{children}</div>
    </div>
  );
}

/** What the banner shows, and the field (by name) it is about, if any. */
export type TInfluencerFormError = { message: string; field?: string };

/**
 * Validates the form's values with the shared schema (the house `parseForm` pattern): on failure
 * the first issue goes to the banner, focus moves to its field, and null is returned.
 */
export function parseInfluencerForm<T>(
  schema: z.ZodType<T>,
  values: unknown,
  form: HTMLFormElement,
  setError: (error: TInfluencerFormError) => void,
): T | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  setError({ message: issue?.message ?? 'Check the form and try again', field });
  const control = field ? form.elements.namedItem(field) : null;
  if (control instanceof HTMLElement) control.focus();
  return null;
}
