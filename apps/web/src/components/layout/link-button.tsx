import { clsx } from 'clsx';
import {
  BUTTON_BASE,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  type TButtonSize,
  type TButtonVariant,
} from '../ui/button-styles';
import { PublicLink, type TPublicLinkProps } from './public-nav';

/**
 * A link with `Button`'s look, for the public header and the landing, without tailwind-merge
 * (docs/decisions/0034-prerendered-public-pages.md). Nothing settles a clash of classes here:
 * `className` may only add what the button's own classes leave unset (margins, width, a
 * background for `outline`), never change its display, size or colours.
 */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  className,
  ...props
}: TPublicLinkProps & { variant?: TButtonVariant; size?: TButtonSize }) {
  return (
    <PublicLink
      className={clsx(BUTTON_BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], className)}
      {...props}
    />
  );
}
