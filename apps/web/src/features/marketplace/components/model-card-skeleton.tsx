/** A card-sized placeholder while the models load, so nothing moves when they arrive. */
export function ModelCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-ink-800 bg-ink-900"
    >
      <div className="aspect-[3/4] animate-pulse bg-ink-800 motion-reduce:animate-none" />
      <div className="flex flex-1 flex-col gap-3 p-3 sm:p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-ink-800 motion-reduce:animate-none" />
        <div className="flex gap-1.5">
          <div className="h-4 w-12 animate-pulse rounded bg-ink-800 motion-reduce:animate-none" />
          <div className="h-4 w-10 animate-pulse rounded bg-ink-800 motion-reduce:animate-none" />
          <div className="h-4 w-14 animate-pulse rounded bg-ink-800 motion-reduce:animate-none" />
        </div>
        <div className="mt-auto h-1.5 w-full animate-pulse rounded-full bg-ink-800 motion-reduce:animate-none" />
      </div>
    </div>
  );
}
