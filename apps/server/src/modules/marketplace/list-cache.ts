import { ZMarketplaceModelsResponse } from '@muse/shared';
import type { TDatabase } from '../../db/client';
import type { TCacheEvents } from '../../lib/cache-events';
import { precompress, type TPrecompressed } from '../../lib/precompressed';
import { listMarketplaceModels } from './service';

/**
 * The answer's bytes, encoded once (no per-request UTF-8 encoding, length count or compression),
 * and its tag.
 */
export type TEncodedList = TPrecompressed;

export type TMarketplaceListCache = ReturnType<typeof createMarketplaceListCache>;

/** Every list cache of this process, told at once of a change this process makes. */
const local = new Set<() => void>();

/**
 * Called by whatever changes a model or its licences in this process, before its answer goes
 * out; other processes learn it from the database's announcement once the change commits.
 */
export function marketplaceChanged(): void {
  for (const forget of local) forget();
}

/**
 * The public marketplace list, encoded once and kept until a model or a licence changes, in any
 * process (docs/decisions/0031-session-cache-and-hot-reads.md): it is the same for everyone and
 * changes only on a claim. Its strong ETag is the hash of its bytes.
 */
export function createMarketplaceListCache(db: TDatabase, cacheEvents: TCacheEvents) {
  /** The list being read or read; a change drops it, so a read it overtook is not kept. */
  let current: Promise<TEncodedList> | null = null;
  const forget = () => {
    current = null;
  };
  local.add(forget);
  const unsubscribe = cacheEvents.subscribe({ marketplace: forget, reconnect: forget });

  const encode = async (): Promise<TEncodedList> => {
    const models = await listMarketplaceModels(db);
    return precompress(
      Buffer.from(JSON.stringify(ZMarketplaceModelsResponse.parse({ success: true, models }))),
    );
  };

  return {
    get(): Promise<TEncodedList> {
      if (current) return current;
      const pending = encode();
      current = pending;
      // A failed read is not kept: the next request tries again.
      pending.catch(() => {
        if (current === pending) current = null;
      });
      return pending;
    },
    close() {
      local.delete(forget);
      unsubscribe();
      current = null;
    },
  };
}
