import { PLATFORM_SETUP } from '@muse/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { registerAccount } from './accounts';
import { createTestApp } from './app';

describe('the platforms a creator can publish to', () => {
  it('are off without their app credentials, each saying which variables turn it on and what its platform must approve', async () => {
    const { app } = await createTestApp();
    const creator = await registerAccount(app);
    const answer = await app.inject({ url: '/api/platforms', headers: creator.headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().platforms).toEqual([
      expect.objectContaining({ key: 'instagram', name: 'Instagram', enabled: false }),
      expect.objectContaining({ key: 'tiktok', name: 'TikTok', enabled: false }),
      expect.objectContaining({ key: 'youtube', name: 'YouTube Shorts', enabled: false }),
      expect.objectContaining({ key: 'x', name: 'X', enabled: false }),
    ]);
    const tiktok = answer.json().platforms[1];
    expect(tiktok.variables).toEqual(['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET']);
    expect(tiktok.review).toContain('every post is private');
    expect(answer.body).not.toContain('SECRET=');
  });

  it('are on with their app credentials, and never show them', async () => {
    const { app } = await createTestApp({
      INSTAGRAM_APP_ID: 'ig-app',
      INSTAGRAM_APP_SECRET: 'ig-secret-value',
      X_CLIENT_ID: 'x-client',
      X_CLIENT_SECRET: 'x-secret-value',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret-value',
      YOUTUBE_PUBLISHING: 'true',
    });
    const creator = await registerAccount(app);
    const answer = await app.inject({ url: '/api/platforms', headers: creator.headers });
    const enabled = Object.fromEntries(
      answer.json().platforms.map((p: { key: string; enabled: boolean }) => [p.key, p.enabled]),
    );
    expect(enabled).toEqual({ instagram: true, tiktok: false, youtube: true, x: true });
    expect(answer.body).not.toMatch(/secret-value|ig-app|x-client/);
  });

  it('refuse half a pair of credentials at start, naming both', () => {
    expect(() => loadConfig({ TIKTOK_CLIENT_KEY: 'key' })).toThrow(
      'TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET must be set together',
    );
    expect(() => loadConfig({ X_CLIENT_SECRET: 'secret' })).toThrow(
      'X_CLIENT_ID and X_CLIENT_SECRET must be set together',
    );
    expect(() => loadConfig({ YOUTUBE_PUBLISHING: 'true' })).toThrow(
      'YOUTUBE_PUBLISHING needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
    expect(PLATFORM_SETUP.youtube.variables).toContain('YOUTUBE_PUBLISHING');
  });
});
