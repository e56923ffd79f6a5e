import type { TLedgerEntry } from '@muse/shared';
import { History, Minus, Plus, Sparkles } from 'lucide-react';
import { LoadMore } from '../../../components/ui/load-more';
import { QueryError } from '../../../components/ui/query-error';
import { cn } from '../../../lib/cn';
import { useCreditHistory } from '../api/get-credit-history';
import { formatDateTime, formatMovement } from '../billing-format';

/** Every movement of credits and influencer slots, newest first, a page at a time. */
export function CreditHistory() {
  const history = useCreditHistory();

  return (
    <section
      aria-labelledby="credit-history-heading"
      className="rounded-2xl border border-ink-800 bg-ink-900/70"
    >
      <header className="flex items-center justify-between gap-4 border-b border-ink-800 px-5 py-4 sm:px-6">
        <div>
          <h2 id="credit-history-heading" className="text-lg font-semibold text-white">
            Credit history
          </h2>
          <p className="text-sm text-zinc-400">Grants, renewals, spends and refunds.</p>
        </div>
        <History aria-hidden="true" className="size-5 text-zinc-500" />
      </header>

      {history.isPending ? (
        <ul aria-label="Loading credit history" className="divide-y divide-ink-800">
          {[0, 1, 2].map((row) => (
            <li key={row} className="flex items-center gap-4 px-5 py-4 sm:px-6">
              <span className="size-9 animate-pulse rounded-full bg-ink-800" />
              <span className="h-4 flex-1 animate-pulse rounded bg-ink-800" />
              <span className="h-4 w-20 animate-pulse rounded bg-ink-800" />
            </li>
          ))}
        </ul>
      ) : history.isError ? (
        <QueryError
          query={history}
          title="Your credit history could not be loaded."
          className="m-4 py-10"
        />
      ) : history.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-ink-800 text-zinc-500">
            <History aria-hidden="true" className="size-5" />
          </span>
          <p className="font-medium text-zinc-200">No credit movements yet</p>
          <p className="max-w-sm text-sm text-zinc-400">
            Plan grants, renewals and what your generations spend will show here.
          </p>
        </div>
      ) : (
        <>
          <ul aria-label="Credit movements" className="divide-y divide-ink-800">
            {history.data.map((entry) => (
              <HistoryRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <LoadMore query={history} className="border-t border-ink-800 px-5 py-4 sm:px-6" />
        </>
      )}
    </section>
  );
}

function HistoryRow({ entry }: { entry: TLedgerEntry }) {
  const gain = entry.amount > 0;
  const training = entry.currency === 'model_tokens';
  const Icon = training ? Sparkles : gain ? Plus : Minus;
  return (
    <li className="flex items-center gap-4 px-5 py-3.5 sm:px-6">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
          training
            ? 'bg-accent-500/10 text-accent-400 ring-accent-400/20'
            : gain
              ? 'bg-emerald-400/10 text-emerald-400 ring-emerald-400/20'
              : 'bg-ink-800 text-zinc-400 ring-ink-700',
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-zinc-100">{entry.description}</p>
        <p className="text-xs text-zinc-400">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          {entry.apiKey ? <> · by the API key “{entry.apiKey.name}”</> : null}
        </p>
      </div>
      <span
        className={cn(
          'shrink-0 text-right text-sm font-semibold tabular-nums',
          training ? 'text-accent-400' : gain ? 'text-emerald-400' : 'text-zinc-300',
        )}
      >
        {formatMovement(entry)}
      </span>
    </li>
  );
}
