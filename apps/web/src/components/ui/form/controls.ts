/** The one look of every text control: input, textarea and select. */
export const CONTROL_CLASS =
  'w-full rounded-xl border border-ink-600 bg-ink-900 px-4 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-400 focus:outline-none disabled:opacity-50 aria-[invalid=true]:border-red-500';
