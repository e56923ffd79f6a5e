/**
 * Connected platform accounts (docs/product/platform-publishing.md): the OAuth flow that
 * connects one (PKCE where the platform has it, the state bound to the browser that started it,
 * the redirect URI from PUBLIC_URL), the accounts an influencer has, disconnecting, and the
 * access token a post goes out with, refreshed before it expires. Tokens are sealed with the
 * secret box and never leave this module in an answer.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PLATFORM_RULES,
  PLATFORM_TEXTS,
  PLATFORMS,
  PUBLISH_PLATFORMS,
  type TPlatformAccount,
  type TPublishPlatform,
} from '@muse/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TDatabase, TQueryable } from '../../db/client';
import {
  onboardingStates,
  platformAccounts,
  platformFlows,
  posts,
  postTargets,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TSecretBox } from '../../lib/secret-box';
import type { TStorage } from '../../lib/storage';
import { fetchInput } from '../webhooks/fetch-input';
import { findInfluencer } from '../influencers/service';
import { PlatformError, platformUrl, type TPlatformTokens, type TPublisher } from './publisher';
import type { TPublishers } from './publishers';

type TAccountRow = typeof platformAccounts.$inferSelect;

const FLOW_TTL_MS = 10 * 60 * 1000;
/** A token this close to its end is refreshed before it is used. */
const REFRESH_AHEAD_MS = 10 * 60 * 1000;

/** Binds a connection flow to the browser that started it (as Google sign-in's cookie does). */
export const PLATFORM_FLOW_COOKIE = 'muse_platform_flow';
const FLOW_COOKIE_PATH = '/api/platforms';

export function platformFlowCookie(state: string | null, secure: boolean): string {
  const attributes = [
    `Path=${FLOW_COOKIE_PATH}`,
    `Max-Age=${state ? FLOW_TTL_MS / 1000 : 0}`,
    'HttpOnly',
    // Lax: sent on the platform's top-level redirect back, never on cross-site requests.
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return [`${PLATFORM_FLOW_COOKIE}=${state ? hashToken(state) : ''}`, ...attributes].join('; ');
}

function sameBrowser(state: string, binding: string | undefined): boolean {
  const expected = Buffer.from(hashToken(state));
  const given = Buffer.from(binding ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type TAccountDeps = {
  db: TDatabase;
  publishers: TPublishers;
  secrets: TSecretBox;
  publicUrl: string;
  storage: TStorage;
  files: TFileUrlSigner;
  /** In production a picture is fetched only over https from a public address. */
  production: boolean;
  /** Tests only: the platforms' hosts (their picture CDNs too) under a local fake. */
  apiUrl?: string;
};

/** The largest account picture Muse copies. */
const PICTURE_MAX_BYTES = 5_000_000;
const PICTURE_SIDE = 96;

/**
 * Copies the account's picture into Muse's storage (a 96 px WebP), so the influencer's page
 * shows it from Muse: no page ever loads an image from a platform. A picture that cannot be
 * fetched or read leaves the account without one (its initials are shown).
 */
async function copyPicture(deps: TAccountDeps, accountId: string, url: string | null) {
  const [row] = await deps.db
    .select({ pictureKey: platformAccounts.pictureKey, workspaceId: platformAccounts.workspaceId })
    .from(platformAccounts)
    .where(eq(platformAccounts.id, accountId));
  let key: string | null = null;
  if (url && row) {
    try {
      const { data } = await fetchInput(platformUrl(deps.apiUrl, url), {
        production: deps.production,
        maxBytes: PICTURE_MAX_BYTES,
        field: 'picture',
      });
      const picture = await sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(PICTURE_SIDE, PICTURE_SIDE, { fit: 'cover' })
        .webp({ quality: 80 })
        .toBuffer();
      // Under the account's folder: served by signed links, deleted with the account.
      key = `users/${row.workspaceId}/platform-accounts/${accountId}/${randomBytes(12).toString('base64url')}.webp`;
      await deps.storage.put(key, picture);
    } catch {
      key = null;
    }
  }
  await deps.db
    .update(platformAccounts)
    .set({ pictureKey: key })
    .where(eq(platformAccounts.id, accountId));
  if (row?.pictureKey) await deps.storage.delete(row.pictureKey).catch(() => {});
}

export const redirectUriOf = (publicUrl: string, platform: TPublishPlatform) =>
  `${publicUrl}/api/platforms/${platform}/callback`;

/** The platform's adapter, or 400 when this Muse has no credentials for it. */
export function publisherOf(publishers: TPublishers, platform: TPublishPlatform): TPublisher {
  const publisher = publishers[platform];
  if (!publisher)
    throw new AppError(
      400,
      PLATFORM_TEXTS.notEnabled(PLATFORM_RULES[platform].name),
      'PLATFORM_NOT_ENABLED',
      { field: 'platform' },
    );
  return publisher;
}

/** A connection's failure, as the influencer's page tells it (`?platformError=`). */
export type TConnectFailure = 'denied' | 'expired' | 'other-browser' | 'failed';

export class ConnectError extends Error {
  constructor(
    readonly failure: TConnectFailure,
    readonly influencerId: string | null,
  ) {
    super(`platform connection ${failure}`);
  }
}

/** Starts connecting `platform` for the influencer: the consent screen's address and its state. */
export async function startConnect(
  deps: TAccountDeps,
  workspaceId: string,
  influencerId: string,
  platform: TPublishPlatform,
): Promise<{ url: string; state: string }> {
  const influencer = await findInfluencer(deps.db, workspaceId, influencerId);
  const publisher = publisherOf(deps.publishers, platform);
  const state = randomBytes(24).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  await deps.db.delete(platformFlows).where(lt(platformFlows.expiresAt, new Date()));
  await deps.db.insert(platformFlows).values({
    state,
    workspaceId,
    influencerId: influencer.id,
    platform,
    codeVerifier,
    expiresAt: new Date(Date.now() + FLOW_TTL_MS),
  });
  const url = await publisher.authorizationUrl({
    state,
    codeVerifier,
    redirectUri: redirectUriOf(deps.publicUrl, platform),
  });
  return { url: url.toString(), state };
}

/**
 * Finishes a connection from the platform's callback: the browser's binding, the single-use
 * state, the code's exchange, the account's profile; then the account is saved (a reconnection
 * replaces the tokens of the influencer's account on that platform).
 */
export async function finishConnect(
  deps: TAccountDeps,
  platform: TPublishPlatform,
  query: { code?: string; state?: string; error?: string },
  binding: string | undefined,
): Promise<{ influencerId: string }> {
  const state = query.state;
  if (!state) throw new ConnectError('expired', null);
  if (!sameBrowser(state, binding)) throw new ConnectError('other-browser', null);
  const [flow] = await deps.db
    .delete(platformFlows)
    .where(eq(platformFlows.state, state))
    .returning();
  if (!flow || flow.expiresAt < new Date() || flow.platform !== platform)
    throw new ConnectError('expired', null);
  if (query.error || !query.code) throw new ConnectError('denied', flow.influencerId);
  const publisher = publisherOf(deps.publishers, platform);
  let tokens: TPlatformTokens;
  let profile;
  try {
    tokens = await publisher.exchangeCode({
      code: query.code,
      state,
      codeVerifier: flow.codeVerifier,
      redirectUri: redirectUriOf(deps.publicUrl, platform),
    });
    profile = await publisher.profile(tokens.accessToken);
  } catch (error) {
    if (error instanceof PlatformError) throw new ConnectError('failed', flow.influencerId);
    throw error;
  }
  const sealed = sealTokens(deps.secrets, tokens);
  const values = {
    remoteId: profile.accountId,
    username: profile.username,
    displayName: profile.displayName,
    pictureUrl: profile.pictureUrl,
    profileUrl: profile.profileUrl,
    details: profile.details,
    ...sealed,
    status: 'connected' as const,
    updatedAt: new Date(),
  };
  const [saved] = await deps.db
    .insert(platformAccounts)
    .values({
      workspaceId: flow.workspaceId,
      influencerId: flow.influencerId,
      platform,
      ...values,
      connectedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [platformAccounts.influencerId, platformAccounts.platform],
      set: { ...values, connectedAt: new Date() },
    })
    .returning({ id: platformAccounts.id });
  await copyPicture(deps, saved!.id, profile.pictureUrl);
  // Posts waiting for this platform since an earlier account was disconnected take the new one.
  await adoptTargets(deps.db, flow.influencerId, platform, saved!.id);
  return { influencerId: flow.influencerId };
}

function sealTokens(secrets: TSecretBox, tokens: TPlatformTokens) {
  return {
    accessToken: secrets.seal(tokens.accessToken),
    refreshToken: tokens.refreshToken ? secrets.seal(tokens.refreshToken) : null,
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    scopes: tokens.scopes,
  };
}

/** The onboarding's platforms first ('Which platforms will you post to?'), then the rest. */
async function platformOrder(db: TQueryable, workspaceId: string): Promise<TPublishPlatform[]> {
  const [row] = await db
    .select({ answers: onboardingStates.answers })
    .from(onboardingStates)
    // A personal workspace's are its owner's answers; a team's have none.
    .where(eq(onboardingStates.userId, workspaceId));
  const chosen = (row?.answers as { platforms?: unknown } | undefined)?.platforms;
  const names = Array.isArray(chosen)
    ? chosen.filter((name): name is (typeof PLATFORMS)[number] =>
        (PLATFORMS as readonly string[]).includes(name as string),
      )
    : [];
  const first = PUBLISH_PLATFORMS.filter((key) =>
    names.includes(PLATFORM_RULES[key].onboardingName),
  ).sort(
    (a, b) =>
      names.indexOf(PLATFORM_RULES[a].onboardingName) -
      names.indexOf(PLATFORM_RULES[b].onboardingName),
  );
  return [...first, ...PUBLISH_PLATFORMS.filter((key) => !first.includes(key))];
}

export function toPlatformAccount(
  row: TAccountRow,
  files: TFileUrlSigner | null,
): TPlatformAccount {
  const privacyLevels = row.details.privacyLevels ?? [];
  return {
    id: row.id,
    platform: row.platform,
    username: row.username,
    displayName: row.displayName,
    pictureUrl: row.pictureKey && files ? files.sign(row.pictureKey) : null,
    profileUrl: row.profileUrl,
    status: row.status,
    privacyLevels,
    privateOnly:
      row.platform === 'tiktok' &&
      privacyLevels.length > 0 &&
      privacyLevels.every((level) => level === 'SELF_ONLY'),
    maxCaptionLength:
      row.details.maxCaptionLength ?? PLATFORM_RULES[row.platform].caption.maxLength,
    maxVideoSeconds: row.details.maxVideoSeconds ?? null,
    connectedAt: row.connectedAt.toISOString(),
  };
}

export async function influencerAccounts(
  db: TQueryable,
  workspaceId: string,
  influencerId: string,
): Promise<TAccountRow[]> {
  return db
    .select()
    .from(platformAccounts)
    .where(
      and(
        eq(platformAccounts.workspaceId, workspaceId),
        eq(platformAccounts.influencerId, influencerId),
      ),
    );
}

export async function listAccounts(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
  influencerId: string,
): Promise<{ accounts: TPlatformAccount[]; order: TPublishPlatform[] }> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  const [rows, order] = await Promise.all([
    influencerAccounts(db, workspaceId, influencer.id),
    platformOrder(db, workspaceId),
  ]);
  return {
    accounts: order
      .map((platform) => rows.find((row) => row.platform === platform))
      .filter((row): row is TAccountRow => !!row)
      .map((row) => toPlatformAccount(row, files)),
    order,
  };
}

/**
 * Disconnects the influencer's account on `platform`: the tokens are given back to the platform
 * where it takes them (best effort) and deleted; its posts not yet out fail with 'Reconnect'.
 */
export async function disconnect(
  deps: TAccountDeps,
  workspaceId: string,
  influencerId: string,
  platform: TPublishPlatform,
): Promise<void> {
  const influencer = await findInfluencer(deps.db, workspaceId, influencerId);
  const [row] = await deps.db
    .delete(platformAccounts)
    .where(
      and(
        eq(platformAccounts.workspaceId, workspaceId),
        eq(platformAccounts.influencerId, influencer.id),
        eq(platformAccounts.platform, platform),
      ),
    )
    .returning();
  if (!row) throw notFound(PLATFORM_TEXTS.notConnected(PLATFORM_RULES[platform].name));
  if (row.pictureKey) await deps.storage.delete(row.pictureKey).catch(() => {});
  const publisher = deps.publishers[platform];
  if (publisher)
    await publisher
      .revoke({
        accessToken: deps.secrets.open(row.accessToken),
        refreshToken: row.refreshToken ? deps.secrets.open(row.refreshToken) : null,
      })
      .catch(() => {});
}

/** The account needs connecting again; its posts' targets say so when they fail. */
export async function markAccount(
  db: TQueryable,
  accountId: string,
  status: 'expired' | 'revoked',
): Promise<void> {
  await db
    .update(platformAccounts)
    .set({ status, updatedAt: new Date() })
    .where(eq(platformAccounts.id, accountId));
}

const needsRefresh = (row: TAccountRow, now: number, aheadMs: number) =>
  row.accessExpiresAt !== null && row.accessExpiresAt.getTime() - now < aheadMs;

/**
 * The account's access token, refreshed first when it ends within `aheadMs` (or `force`, after
 * the platform called it expired). The refresh runs under the account row's lock and re-reads
 * the row, so two posts at once refresh once (X rotates its refresh token: a second refresh with
 * the old one would fail). A refresh the platform refuses marks the account revoked.
 */
export async function accessTokenOf(
  deps: Pick<TAccountDeps, 'db' | 'secrets'>,
  publisher: TPublisher,
  accountId: string,
  options: { force?: boolean; aheadMs?: number } = {},
): Promise<{ accessToken: string; account: TAccountRow }> {
  const aheadMs = options.aheadMs ?? REFRESH_AHEAD_MS;
  const [current] = await deps.db
    .select()
    .from(platformAccounts)
    .where(eq(platformAccounts.id, accountId));
  if (!current) throw new PlatformError('auth', 'The account was disconnected');
  if (current.status !== 'connected')
    throw new PlatformError('auth', 'The account needs connecting again');
  if (!options.force && !needsRefresh(current, Date.now(), aheadMs))
    return { accessToken: deps.secrets.open(current.accessToken), account: current };
  const startedWith = current.accessToken;
  const refreshed = deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(platformAccounts)
      .where(eq(platformAccounts.id, accountId))
      .for('update');
    if (!row) throw new PlatformError('auth', 'The account was disconnected');
    // Another post refreshed it while this one waited for the lock.
    if (row.accessToken !== startedWith && !needsRefresh(row, Date.now(), aheadMs))
      return { accessToken: deps.secrets.open(row.accessToken), account: row };
    let tokens: TPlatformTokens;
    try {
      tokens = await publisher.refresh({
        accessToken: deps.secrets.open(row.accessToken),
        refreshToken: row.refreshToken ? deps.secrets.open(row.refreshToken) : null,
      });
    } catch (error) {
      if (error instanceof PlatformError && (error.kind === 'auth' || error.kind === 'expired'))
        throw new PlatformError('auth', error.message, error.details);
      throw error;
    }
    const sealed = sealTokens(deps.secrets, {
      ...tokens,
      // A platform that hands out no new refresh token keeps the old one working.
      refreshToken:
        tokens.refreshToken ?? (row.refreshToken ? deps.secrets.open(row.refreshToken) : null),
    });
    const [saved] = await tx
      .update(platformAccounts)
      .set({ ...sealed, updatedAt: new Date() })
      .where(eq(platformAccounts.id, accountId))
      .returning();
    return { accessToken: tokens.accessToken, account: saved! };
  });
  // Marked after the transaction (which the refusal rolls back): the account must be connected again.
  return refreshed.catch(async (error: unknown) => {
    if (error instanceof PlatformError && error.kind === 'auth')
      await markAccount(deps.db, accountId, 'revoked');
    throw error;
  });
}

/**
 * Refreshes long-lived tokens before they run out (Instagram's 60-day token has no refresh
 * token: once it ends, the creator must connect again). Run hourly by the worker.
 */
export async function refreshExpiringAccounts(
  deps: Pick<TAccountDeps, 'db' | 'secrets' | 'publishers'>,
  aheadMs = 7 * 24 * 60 * 60 * 1000,
): Promise<number> {
  const due = await deps.db
    .select({ id: platformAccounts.id, platform: platformAccounts.platform })
    .from(platformAccounts)
    .where(
      and(
        eq(platformAccounts.status, 'connected'),
        eq(platformAccounts.platform, 'instagram'),
        lt(platformAccounts.accessExpiresAt, new Date(Date.now() + aheadMs)),
      ),
    );
  let refreshed = 0;
  for (const row of due) {
    const publisher = deps.publishers[row.platform];
    if (!publisher) continue;
    try {
      await accessTokenOf(deps, publisher, row.id, { aheadMs });
      refreshed += 1;
    } catch {
      // Marked revoked when the platform refused; tried again next hour otherwise.
    }
  }
  return refreshed;
}

/**
 * A reconnected account takes its targets back: those that failed for 'Reconnect' wait for a
 * 'Try again'; the scheduled ones of a disconnected account find the new one.
 */
export async function adoptTargets(
  db: TQueryable,
  influencerId: string,
  platform: TPublishPlatform,
  accountId: string,
) {
  await db.execute(sql`
    update ${postTargets} t set account_id = ${accountId}
    from ${posts} p
    where p.id = t.post_id and p.influencer_id = ${influencerId} and t.platform = ${platform}
      and t.account_id is null and t.state in ('scheduled', 'failed')`);
}
