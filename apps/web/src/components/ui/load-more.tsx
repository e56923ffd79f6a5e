import { PAGE_TEXTS } from '@muse/shared';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** What LoadMore needs of a TanStack infinite query. */
export type TPagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * 'Load more' under a list read a page at a time (docs/decisions/0032-keyset-pagination.md):
 * shown while another page follows, busy while it loads.
 */
export function LoadMore({ query, className }: { query: TPagedQuery; className?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className={cn('flex justify-center', className)}>
      <Button
        variant="secondary"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : null}
        {PAGE_TEXTS.loadMore}
      </Button>
    </div>
  );
}
