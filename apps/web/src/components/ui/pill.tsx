import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A small rounded label with an icon, laid over a picture or beside it: the AI label, the
 * identity score, the 'Offline preview' label and the tool that made an image. `className`
 * gives its colours and size; the icon is decorative.
 */
export function Pill({
  icon: Icon,
  iconClassName = 'size-3.5',
  title,
  className,
  children,
}: {
  icon: LucideIcon;
  iconClassName?: string;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      title={title}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold backdrop-blur',
        className,
      )}
    >
      <Icon aria-hidden="true" className={iconClassName} />
      {children}
    </span>
  );
}
