import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary:
    'bg-gradient-to-r from-brand-500 to-accent-500 text-white shadow-lg shadow-brand-500/20 hover:from-brand-400 hover:to-accent-400',
  secondary: 'bg-ink-700 text-zinc-100 hover:bg-ink-600',
  outline: 'border border-ink-600 text-zinc-100 hover:border-brand-400 hover:text-white',
  ghost: 'text-zinc-300 hover:bg-ink-800 hover:text-white',
  danger: 'bg-red-600 text-white hover:bg-red-500',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

export type TButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the child element (a link, say) with the button's look. */
  asChild?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: TButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
