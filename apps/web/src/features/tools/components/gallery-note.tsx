import { Images } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/** The line under a tool's results saying that what it makes is kept in the gallery, with its link. */
export function GalleryNote({ children }: { children: ReactNode }) {
  return (
    <section className="flex flex-col items-start gap-3 rounded-2xl border border-ink-800 bg-ink-900/50 p-5 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm text-zinc-300">{children}</p>
      <Button asChild variant="outline">
        <Link to="/gallery">
          <Images aria-hidden="true" className="size-4" />
          Open the gallery
        </Link>
      </Button>
    </section>
  );
}
