import type { TJobFile } from '@muse/shared';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Downloads a job's file under its own name (the signed URL serves the bytes). */
export function DownloadLink({
  file,
  label = 'Download',
  iconOnly = false,
  variant = 'primary',
  size = 'md',
}: {
  file: TJobFile;
  label?: string;
  /** Only the icon shows; `label` still names the link. */
  iconOnly?: boolean;
  variant?: 'primary' | 'secondary' | 'outline';
  size?: 'sm' | 'md';
}) {
  return (
    <Button
      asChild
      variant={variant}
      size={iconOnly ? 'icon' : size}
      className={iconOnly ? 'size-9 shrink-0' : undefined}
    >
      <a
        href={file.url}
        download={file.fileName}
        aria-label={iconOnly ? label : undefined}
        title={iconOnly ? label : undefined}
      >
        <Download aria-hidden="true" className="size-4" />
        {iconOnly ? null : label}
      </a>
    </Button>
  );
}
