import type { ComponentProps } from 'react';
import { cn } from '../../../lib/cn';
import { CONTROL_CLASS } from './controls';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(CONTROL_CLASS, 'resize-y py-3 leading-relaxed', className)}
      {...props}
    />
  );
}
