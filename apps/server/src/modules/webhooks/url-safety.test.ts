import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPublicAddress, type TLookup } from './url-safety';

const production = { production: true };
/** A resolver that must not be asked: literal addresses need no DNS. */
const noDns: TLookup = () => Promise.reject(new Error('DNS was asked'));

describe('checkWebhookUrl in production', () => {
  it.each([
    'https://127.0.0.1/hooks',
    'https://127.1.2.3:8443/hooks',
    'https://10.0.0.1/hooks',
    'https://172.16.5.4/hooks',
    'https://192.168.1.1/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hooks',
    'https://0.0.0.0/hooks',
    'https://255.255.255.255/hooks',
    'https://224.0.0.1/hooks',
    'https://[::1]/hooks',
    'https://[::]/hooks',
    'https://[fe80::1]/hooks',
    'https://[fc00::1]/hooks',
    'https://[fd12:3456::1]/hooks',
    'https://[ff02::1]/hooks',
    // IPv4-mapped IPv6 and the other spellings of loopback the URL parser normalises.
    'https://[::ffff:127.0.0.1]/hooks',
    'https://[::ffff:a9fe:a9fe]/hooks',
    'https://2130706433/hooks',
    'https://0x7f.1/hooks',
  ])('refuses the private or local address of %s', async (url) => {
    expect(await checkWebhookUrl(url, { ...production, lookup: noDns })).toEqual({
      ok: false,
      reason: 'private',
    });
  });

  it('refuses a host name that resolves to loopback (localhost, from the hosts file)', async () => {
    expect(await checkWebhookUrl('https://localhost:3000/hooks', production)).toEqual({
      ok: false,
      reason: 'private',
    });
  });

  it('refuses a name with one private address among public ones', async () => {
    const lookup: TLookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await checkWebhookUrl('https://mixed.example/hooks', { ...production, lookup })).toEqual(
      { ok: false, reason: 'private' },
    );
  });

  it('refuses http, and a name that resolves to nothing', async () => {
    expect(await checkWebhookUrl('http://93.184.216.34/hooks', production)).toEqual({
      ok: false,
      reason: 'https',
    });
    const nothing: TLookup = () =>
      Promise.reject(Object.assign(new Error('x'), { code: 'ENOTFOUND' }));
    expect(
      await checkWebhookUrl('https://nowhere.example/hooks', { ...production, lookup: nothing }),
    ).toEqual({ ok: false, reason: 'unresolvable' });
    expect(await checkWebhookUrl('not a url', production)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('accepts a public literal address without asking DNS, and names it to connect to', async () => {
    const check = await checkWebhookUrl('https://93.184.216.34/hooks', {
      ...production,
      lookup: noDns,
    });
    expect(check).toMatchObject({ ok: true, address: { address: '93.184.216.34', family: 4 } });
    expect(
      await checkWebhookUrl('https://[2606:2800:220:1:248:1893:25c8:1946]/hooks', {
        ...production,
        lookup: noDns,
      }),
    ).toMatchObject({ ok: true, address: { family: 6 } });
  });

  it('connects to the address the name resolved to when checked', async () => {
    const lookup: TLookup = async () => [{ address: '93.184.216.34', family: 4 }];
    const check = await checkWebhookUrl('https://hooks.example/muse', { ...production, lookup });
    expect(check).toMatchObject({
      ok: true,
      address: { address: '93.184.216.34', family: 4 },
    });
    if (check.ok) expect(check.url.hostname).toBe('hooks.example');
  });
});

describe('checkWebhookUrl outside production', () => {
  it('allows http and loopback, so one machine can run Muse and its receiver', async () => {
    expect(
      await checkWebhookUrl('http://127.0.0.1:4000/hooks', { production: false, lookup: noDns }),
    ).toMatchObject({ ok: true, address: null });
    expect(
      await checkWebhookUrl('http://localhost:4000/hooks', { production: false, lookup: noDns }),
    ).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('ftp://127.0.0.1/hooks', { production: false })).toEqual({
      ok: false,
      reason: 'https',
    });
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['::ffff:93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['172.32.0.1', true],
    ['172.31.255.255', false],
    ['198.18.0.1', false],
    ['192.0.2.1', false],
    ['2001:db8::1', false],
    ['64:ff9b::a00:1', false],
    ['0:0:0:0:0:ffff:10.0.0.1', false],
    ['fe80::1%eth0', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
