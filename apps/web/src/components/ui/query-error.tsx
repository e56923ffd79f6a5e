import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** What QueryError needs of a TanStack query: a way to run it again, and whether it runs. */
export type TRetryableQuery = { refetch: () => Promise<unknown>; isFetching: boolean };

/**
 * Stands in for what a query failed to load: `title` ("Your history could not be loaded.") and
 * Try again, which runs the query again. `detail` says why; `heading` makes the title the page's
 * heading when nothing else is on the page; `children` are further actions beside Try again.
 */
export function QueryError({
  query,
  title,
  detail,
  heading = false,
  className,
  children,
}: {
  query: TRetryableQuery;
  title: string;
  detail?: ReactNode;
  heading?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-4 rounded-2xl border border-red-500/30 bg-red-500/5 px-6 py-12 text-center',
        className,
      )}
    >
      <div className="space-y-1.5">
        {heading ? (
          <h1 className="text-xl font-semibold text-white">{title}</h1>
        ) : (
          <p className="text-sm font-medium text-red-300">{title}</p>
        )}
        {detail ? <p className="text-sm text-zinc-400">{detail}</p> : null}
      </div>
      <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          <RotateCw
            aria-hidden="true"
            className={cn('size-4', query.isFetching && 'animate-spin')}
          />
          Try again
        </Button>
        {children}
      </div>
    </div>
  );
}
