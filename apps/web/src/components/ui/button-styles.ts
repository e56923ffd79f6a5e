/**
 * The button's look, apart from the component: the landing's links styled as buttons read it
 * without tailwind-merge, which `Button` uses to let a caller's class override these and which
 * is kept off the landing's first load (docs/decisions/0034-prerendered-public-pages.md).
 */
export const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50';

export const BUTTON_VARIANTS = {
  primary:
    'bg-gradient-to-r from-brand-500 to-accent-500 text-white shadow-lg shadow-brand-500/20 hover:from-brand-400 hover:to-accent-400',
  secondary: 'bg-ink-700 text-zinc-100 hover:bg-ink-600',
  outline: 'border border-ink-600 text-zinc-100 hover:border-brand-400 hover:text-white',
  ghost: 'text-zinc-300 hover:bg-ink-800 hover:text-white',
  danger: 'bg-red-600 text-white hover:bg-red-500',
} as const;

export const BUTTON_SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

export type TButtonVariant = keyof typeof BUTTON_VARIANTS;
export type TButtonSize = keyof typeof BUTTON_SIZES;
