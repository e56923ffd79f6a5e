import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  apiKeys,
  galleryItems,
  influencers,
  jobs,
  likenessStatements,
  personaPhotos,
  platformAccounts,
  postItems,
  posts,
  productImages,
  products,
  webhookEndpoints,
} from '../src/db/schema';
import type { TTestAccount } from './accounts';
import type { TTestContext } from './app';
import { seedPost, seller, type TSeededPost, type TSeller } from './sales-helpers';

/*
 * An account with something in every part of Muse that keeps files or rows (personas and their
 * photos, a likeness statement with its consent document, the gallery, a job's files, posts,
 * products, a platform connection, an API key, a webhook), for the tests of its export and its
 * deletion. Every file's bytes are unique to the account, so a file of another account with the
 * same kind of data is told apart by its contents.
 */

export type TSeededAccount = {
  seller: TSeller;
  free: TSeededPost;
  paid: TSeededPost;
};

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Stores a file whose bytes name the account and the file, and answers its key. */
async function stored(ctx: TTestContext, key: string): Promise<string> {
  await ctx.app.services.storage.put(key, Buffer.from(`${key} ${randomBytes(8).toString('hex')}`));
  return key;
}

export async function seedAccount(
  ctx: TTestContext,
  account: TTestAccount,
  name: string,
): Promise<TSeededAccount> {
  const { db } = ctx.database;
  const base = `users/${account.userId}`;
  const page = await seller(ctx, account, name);
  const influencerId = page.influencerId;
  await db
    .update(influencers)
    .set({
      imageKey: await stored(ctx, `${base}/influencers/${influencerId}/picture.jpg`),
      thumbnailKey: await stored(ctx, `${base}/influencers/${influencerId}/picture-thumb.webp`),
      loraKey: await stored(ctx, `${base}/influencers/${influencerId}/lora-1.safetensors`),
    })
    .where(eq(influencers.id, influencerId));
  for (let i = 0; i < 2; i += 1) {
    const photo = `${base}/influencers/${influencerId}/photos/${i}`;
    await db.insert(personaPhotos).values({
      influencerId,
      workspaceId: account.userId,
      source: 'upload',
      imageKey: await stored(ctx, `${photo}.jpg`),
      thumbnailKey: await stored(ctx, `${photo}-thumb.webp`),
      width: 800,
      height: 1000,
      sha256: randomBytes(32).toString('hex'),
      dhash: randomBytes(8).toString('hex'),
      faceCount: 1,
    });
  }
  await db.insert(likenessStatements).values({
    influencerId,
    userId: account.userId,
    statement: 'consent',
    consentDocumentKey: await stored(ctx, `${base}/influencers/${influencerId}/consent.pdf`),
    consentDocumentName: 'consent.pdf',
    consentDocumentType: 'application/pdf',
  });
  const [job] = await db
    .insert(jobs)
    .values({
      workspaceId: account.userId,
      tool: 'upscale',
      status: 'succeeded',
      options: { model: 'v2' },
      cost: 10,
      engine: 'local',
    })
    .returning();
  const jobFolder = `${base}/jobs/${job!.id}`;
  await db
    .update(jobs)
    .set({
      input: {
        key: await stored(ctx, `${jobFolder}/input.png`),
        width: 10,
        height: 10,
        contentType: 'image/png',
        fileName: 'mine.png',
      },
      outputs: [
        {
          key: await stored(ctx, `${jobFolder}/output-0.png`),
          width: 40,
          height: 40,
          contentType: 'image/png',
          fileName: 'upscaled.png',
        },
      ],
    })
    .where(eq(jobs.id, job!.id));
  const [made] = await db
    .insert(jobs)
    .values({
      workspaceId: account.userId,
      tool: 'generate-image',
      status: 'succeeded',
      options: {},
      cost: 10,
      engine: 'local',
    })
    .returning();
  const madeFolder = `${base}/jobs/${made!.id}`;
  await db.insert(galleryItems).values({
    workspaceId: account.userId,
    jobId: made!.id,
    influencerId,
    influencerName: name,
    kind: 'image',
    key: await stored(ctx, `${madeFolder}/output-0.jpg`),
    thumbnailKey: await stored(ctx, `${madeFolder}/output-0-thumb.webp`),
    width: 1024,
    height: 1024,
    contentType: 'image/jpeg',
    fileName: 'generated.jpg',
    prompt: `${name} on a beach`,
    engine: 'local',
    preview: true,
  });
  const [product] = await db
    .insert(products)
    .values({ workspaceId: account.userId, name: `${name}'s serum`, description: 'Glow' })
    .returning();
  await db.insert(productImages).values({
    productId: product!.id,
    position: 0,
    imageKey: await stored(ctx, `${base}/products/${product!.id}/a.png`),
    thumbnailKey: await stored(ctx, `${base}/products/${product!.id}/a-thumb.webp`),
  });
  await db.insert(platformAccounts).values({
    workspaceId: account.userId,
    influencerId,
    platform: 'instagram',
    remoteId: randomBytes(6).toString('hex'),
    username: `${name.toLowerCase()}.ig`,
    displayName: name,
    profileUrl: `https://instagram.com/${name.toLowerCase()}.ig`,
    pictureKey: await stored(ctx, `${base}/platform-accounts/${influencerId}/picture.webp`),
    accessToken: `sealed-access-token-${randomBytes(8).toString('hex')}`,
    refreshToken: `sealed-refresh-token-${randomBytes(8).toString('hex')}`,
  });
  await db.insert(apiKeys).values({
    workspaceId: account.userId,
    name: `${name}'s agency`,
    prefix: 'muse_live_ab12',
    tokenHash: randomBytes(32).toString('hex'),
    scopes: ['tools:run'],
  });
  await db.insert(webhookEndpoints).values({
    workspaceId: account.userId,
    url: `https://hooks.example.com/${name.toLowerCase()}`,
    events: ['job.succeeded'],
    secretCiphertext: `sealed-webhook-secret-${randomBytes(8).toString('hex')}`,
  });
  const free = await seedPost(ctx, page, { priceCents: 0, caption: `${name} says hi` });
  const paid = await seedPost(ctx, page, { priceCents: 900, caption: `${name} unlocked` });
  // The posts' previews are the same little pictures for everyone: made the account's own here.
  for (const item of await db
    .select()
    .from(postItems)
    .where(inArray(postItems.postId, [free.id, paid.id]))) {
    await stored(ctx, item.thumbnailKey);
    await stored(ctx, item.blurredKey);
  }
  return { seller: page, free, paid };
}

/**
 * Every storage key the account's rows name: what its export must hold, and what its deletion
 * must remove (but what fans bought). A claimed model's portraits are the marketplace's.
 */
export async function keysOfAccount(ctx: TTestContext, userId: string): Promise<string[]> {
  const { db } = ctx.database;
  const keys: (string | null | undefined)[] = [];
  for (const row of await db
    .select()
    .from(influencers)
    .where(eq(influencers.workspaceId, userId))) {
    keys.push(row.imageKey, row.thumbnailKey, row.loraKey);
  }
  for (const row of await db
    .select()
    .from(personaPhotos)
    .where(eq(personaPhotos.workspaceId, userId))) {
    if (row.source === 'upload') keys.push(row.imageKey, row.thumbnailKey);
  }
  for (const row of await db
    .select()
    .from(likenessStatements)
    .where(eq(likenessStatements.userId, userId))) {
    keys.push(row.consentDocumentKey);
  }
  for (const row of await db
    .select()
    .from(galleryItems)
    .where(eq(galleryItems.workspaceId, userId))) {
    keys.push(row.key, row.thumbnailKey);
  }
  for (const row of await db.select().from(jobs).where(eq(jobs.workspaceId, userId))) {
    for (const file of [...(row.input ? [row.input] : []), ...row.outputs]) {
      keys.push(file.key, file.posterKey);
    }
  }
  const postIds = (await db.select().from(posts).where(eq(posts.workspaceId, userId))).map(
    (p) => p.id,
  );
  if (postIds.length) {
    for (const row of await db.select().from(postItems).where(inArray(postItems.postId, postIds))) {
      keys.push(row.key, row.thumbnailKey, row.blurredKey);
    }
  }
  const productIds = (await db.select().from(products).where(eq(products.workspaceId, userId))).map(
    (p) => p.id,
  );
  if (productIds.length) {
    for (const row of await db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, productIds))) {
      keys.push(row.imageKey, row.thumbnailKey);
    }
  }
  for (const row of await db
    .select()
    .from(platformAccounts)
    .where(eq(platformAccounts.workspaceId, userId))) {
    keys.push(row.pictureKey);
  }
  return [...new Set(keys.filter((key): key is string => !!key))].sort();
}

/** A stored file's bytes. */
export async function readStored(ctx: TTestContext, key: string): Promise<Buffer | null> {
  const file = await ctx.app.services.storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
