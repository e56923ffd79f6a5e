import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes';

describe('isClientRoute', () => {
  it('knows the app’s pages, an influencer’s page and a test checkout', () => {
    expect(isClientRoute('/influencers')).toBe(true);
    expect(isClientRoute('/influencers/7f9c2ba4-e88f-4c3b-9a1e-2d8f3c4b5a61')).toBe(true);
    expect(isClientRoute('/checkout/test/cs_test_abc')).toBe(true);
  });

  it('knows an invitation link, and nothing below it', () => {
    expect(isClientRoute('/invitations/Zm9vYmFyLWJhei1xdXV4')).toBe(true);
    expect(isClientRoute('/invitations/')).toBe(false);
    expect(isClientRoute('/invitations/a/b')).toBe(false);
  });

  it('knows the developer pages under the settings', () => {
    expect(isClientRoute('/settings/api-keys')).toBe(true);
    expect(isClientRoute('/settings/webhooks/')).toBe(true);
    expect(isClientRoute('/settings/nowhere')).toBe(false);
  });

  it('sends anything else away', () => {
    expect(isClientRoute('/influencers/not-an-id')).toBe(false);
    expect(isClientRoute('/influencers/7f9c2ba4-e88f-4c3b-9a1e-2d8f3c4b5a61/x')).toBe(false);
    expect(isClientRoute('/nowhere')).toBe(false);
  });
});
