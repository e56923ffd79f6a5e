import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../layout/use-hydrated';
import {
  BUTTON_BASE,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  type TButtonSize,
  type TButtonVariant,
} from './button-styles';

export type TButtonProps = ComponentProps<'button'> & {
  variant?: TButtonVariant;
  size?: TButtonSize;
  /** Renders the child element (a link, say) with the button's look. */
  asChild?: boolean;
};

/**
 * A button, or (`asChild`) a link with a button's look. On a prerendered page a button is
 * disabled until the page's scripts have hydrated it: what it does needs them, and a click
 * before then would do nothing, or send its form to the server as a page
 * (docs/decisions/0034-prerendered-public-pages.md). A page rendered in the browser has them
 * from its first render.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  disabled,
  ...props
}: TButtonProps) {
  const hydrated = useHydrated();
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(BUTTON_BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], className)}
      disabled={asChild ? disabled : disabled || !hydrated}
      {...props}
    />
  );
}
