import { describe, expect, it } from 'vitest';
import { createAccountCache } from './account-cache';
import type { TCacheEvents } from './cache-events';

type THandlers = Parameters<TCacheEvents['subscribe']>[0];

/** Announcements as the database would deliver them, on demand. */
function announcements() {
  let handlers: THandlers = {};
  const events = {
    subscribe(subscribed: THandlers) {
      handlers = subscribed;
      return () => {
        handlers = {};
      };
    },
  } as unknown as TCacheEvents;
  return { events, announce: () => handlers };
}

function sessions() {
  const { events, announce } = announcements();
  const cache = createAccountCache<{ name: string }>({
    cacheEvents: events,
    event: 'account',
    max: 100,
    ttlMs: 30_000,
  });
  const load = (key: string, account: string, name: string) =>
    cache.load(key, async () => ({ account, value: { name } }));
  return { cache, announce, load };
}

describe('the per-account cache', () => {
  it("forgets every entry of an announced account, and only that account's", async () => {
    const { cache, announce, load } = sessions();
    await load('phone', 'ada', 'Ada on her phone');
    await load('laptop', 'ada', 'Ada on her laptop');
    await load('desk', 'bob', 'Bob');

    announce().account?.('ada');

    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('laptop')).toBeUndefined();
    expect(cache.get('desk')).toEqual({ name: 'Bob' });
  });

  it('forgets an account changed through this instance', async () => {
    const { cache, load } = sessions();
    await load('phone', 'ada', 'Ada');
    cache.forget('ada');
    expect(cache.get('phone')).toBeUndefined();
  });

  it('does not keep a read that a forgetting overtook, but answers with it', async () => {
    const { cache, announce } = sessions();
    let finish = (_: { name: string }) => {};
    const reading = cache.load('phone', async () => ({
      account: 'ada',
      value: await new Promise<{ name: string }>((resolve) => (finish = resolve)),
    }));
    announce().account?.('ada');
    finish({ name: 'Ada, before her change' });

    expect(await reading).toEqual({ name: 'Ada, before her change' });
    expect(cache.get('phone')).toBeUndefined();
  });

  it('keeps nothing that was not found, nor anything whose time is up', async () => {
    const { cache } = sessions();
    expect(await cache.load('gone', async () => null)).toBeNull();
    await cache.load('ended', async () => ({ account: 'ada', value: { name: 'x' }, ttlMs: -1 }));
    expect(cache.get('gone')).toBeUndefined();
    expect(cache.get('ended')).toBeUndefined();
  });

  it('forgets everything when announcements may have been missed', async () => {
    const { cache, announce, load } = sessions();
    await load('phone', 'ada', 'Ada');
    await load('desk', 'bob', 'Bob');
    announce().reconnect?.();
    expect(cache.get('phone')).toBeUndefined();
    expect(cache.get('desk')).toBeUndefined();
  });

  it('answers from memory without reading again', async () => {
    const { cache, load } = sessions();
    await load('phone', 'ada', 'Ada');
    let reads = 0;
    const again = await cache.load('phone', async () => {
      reads += 1;
      return { account: 'ada', value: { name: 'Ada, read again' } };
    });
    expect(again).toEqual({ name: 'Ada' });
    expect(reads).toBe(0);
  });
});
