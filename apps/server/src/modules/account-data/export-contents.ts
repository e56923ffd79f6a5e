import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import {
  accountBalances,
  apiKeys,
  earningsBalances,
  earningsEntries,
  galleryItems,
  influencerPages,
  influencers,
  jobs,
  ledgerEntries,
  likenessStatements,
  onboardingStates,
  payouts,
  personaPhotos,
  personaVoices,
  platformAccounts,
  postItems,
  postPurchases,
  posts,
  productImages,
  products,
  receipts,
  subscriptions,
  users,
  webhookEndpoints,
} from '../../db/schema';

/*
 * What an account's export holds (docs/product/data-rights.md, 'Download my data'): the texts
 * (JSON, CSV, README.txt) written from the account's rows, and every file its rows name, each at
 * a path in the ZIP. Every query is scoped to the one account; nothing here names a password
 * hash, a token, a key's secret or a webhook's signing secret.
 */

/** A file of the export: a text written here, or a file copied from storage as it is stored. */
export type TExportEntry = { path: string; text: string } | { path: string; key: string };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const short = (id: string) => id.slice(0, 8);

/** A name safe as one folder or file name in the ZIP, on every system that unpacks it. */
function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, 60);
  return cleaned || fallback;
}

/**
 * A CSV document, rows ended by CRLF: a field holding a comma, a quote or a line break is quoted,
 * its quotes doubled, so any spreadsheet reads it back as written.
 */
function csv(header: string[], rows: (string | number | null)[][]): string {
  const field = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Hands out each folder name once: a second persona of the same name gets its id beside it. */
function uniqueNames() {
  const taken = new Set<string>();
  return (name: string, id: string) => {
    const base = safeName(name, short(id));
    const chosen = taken.has(base.toLowerCase()) ? `${base}-${short(id)}` : base;
    taken.add(chosen.toLowerCase());
    return chosen;
  };
}

const README = `Your data from Muse
====================

This archive holds everything Muse keeps about your account, as it was when the archive was made.

account.json        Your profile (name, e-mail address, when you joined), your plan and its
                    subscriptions, your credit and training balance and your onboarding answers.
                    No password, session, token or secret is included.
personas/<name>/    One folder per influencer: persona.json (its details and public page), its
                    picture, the photos you gave it (as stored, in their original size), its
                    trained model when there is one, likeness.json with your statements about
                    whose likeness and voice it shows (and the consent documents you gave, if
                    any), and voice.json with its voice and the recording it was cloned from.
gallery/            Every picture and video the tools made for you, as stored (signed with its
                    Content Credentials), with a small preview of each in gallery/previews/, and
                    gallery.json: what made each one, its prompt, its identity score and its
                    Content Credentials.
jobs/               The files of tool runs that are not in the gallery (upscales, edits, the
                    pictures you gave a tool), and jobs.json: every tool run with its settings.
posts/              posts.json (every post with its caption, price and when it went out) and each
                    post's pictures and videos, with their previews.
products/           products.json and each product's pictures.
sales.csv           Your pay-per-view sales, one per line (no buyer is named).
sales.json          The same sales, your earnings ledger and balance, and your payouts.
credits.csv         Your credit history: every grant, purchase, spend and refund of credits and
                    influencer trainings.
purchases.json      What you bought as a fan.
receipts.json       The receipts Muse mailed you.
platforms.json      The social platform accounts you connected (without their access tokens),
                    with their pictures in platforms/.
api-keys.json       Your API keys: names, prefixes, scopes and dates (never the key itself).
webhooks.json       Your webhook endpoints: addresses and events (never the signing secret).
`;

/** Everything the export of `userId` holds, in the order it is written. */
export async function exportEntries(db: TDatabase, userId: string): Promise<TExportEntry[]> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      hasPassword: users.passwordHash,
      googleSubject: users.googleSubject,
      verifiedEmail: users.verifiedEmail,
      creatorSince: users.creatorSince,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`No account ${userId}`);

  const [
    subscriptionRows,
    [balance],
    [onboarding],
    influencerRows,
    photoRows,
    statementRows,
    voiceRows,
    pageRows,
    galleryRows,
    jobRows,
    postRows,
    productRows,
    saleRows,
    earningRows,
    [earningsBalance],
    payoutRows,
    ledgerRows,
    boughtRows,
    receiptRows,
    platformRows,
    keyRows,
    webhookRows,
  ] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.workspaceId, userId)),
    db.select().from(accountBalances).where(eq(accountBalances.workspaceId, userId)),
    db.select().from(onboardingStates).where(eq(onboardingStates.userId, userId)),
    db
      .select()
      .from(influencers)
      .where(eq(influencers.workspaceId, userId))
      .orderBy(asc(influencers.createdAt)),
    db
      .select({
        id: personaPhotos.id,
        influencerId: personaPhotos.influencerId,
        source: personaPhotos.source,
        imageKey: personaPhotos.imageKey,
        thumbnailKey: personaPhotos.thumbnailKey,
        width: personaPhotos.width,
        height: personaPhotos.height,
        faceCount: personaPhotos.faceCount,
        createdAt: personaPhotos.createdAt,
      })
      .from(personaPhotos)
      .where(eq(personaPhotos.workspaceId, userId))
      .orderBy(asc(personaPhotos.createdAt)),
    // Every statement about the workspace's personas, whoever of its members made it.
    db
      .select({ statement: likenessStatements })
      .from(likenessStatements)
      .innerJoin(influencers, eq(influencers.id, likenessStatements.influencerId))
      .where(eq(influencers.workspaceId, userId))
      .orderBy(asc(likenessStatements.statedAt))
      .then((rows) => rows.map((row) => row.statement)),
    db.select().from(personaVoices).where(eq(personaVoices.workspaceId, userId)),
    db.select().from(influencerPages).where(eq(influencerPages.workspaceId, userId)),
    db
      .select()
      .from(galleryItems)
      .where(eq(galleryItems.workspaceId, userId))
      .orderBy(asc(galleryItems.createdAt)),
    db.select().from(jobs).where(eq(jobs.workspaceId, userId)).orderBy(asc(jobs.createdAt)),
    db.select().from(posts).where(eq(posts.workspaceId, userId)).orderBy(asc(posts.publishAt)),
    db
      .select()
      .from(products)
      .where(eq(products.workspaceId, userId))
      .orderBy(asc(products.createdAt)),
    db
      .select()
      .from(postPurchases)
      .where(eq(postPurchases.workspaceId, userId))
      .orderBy(asc(postPurchases.createdAt)),
    db
      .select()
      .from(earningsEntries)
      .where(eq(earningsEntries.workspaceId, userId))
      .orderBy(asc(earningsEntries.createdAt)),
    db.select().from(earningsBalances).where(eq(earningsBalances.workspaceId, userId)),
    db
      .select()
      .from(payouts)
      .where(eq(payouts.workspaceId, userId))
      .orderBy(asc(payouts.createdAt)),
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.workspaceId, userId))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    db
      .select({ purchase: postPurchases, post: posts })
      .from(postPurchases)
      .innerJoin(posts, eq(posts.id, postPurchases.postId))
      .where(eq(postPurchases.buyerId, userId))
      .orderBy(asc(postPurchases.createdAt)),
    db.select().from(receipts).where(eq(receipts.userId, userId)).orderBy(asc(receipts.paidAt)),
    db.select().from(platformAccounts).where(eq(platformAccounts.workspaceId, userId)),
    db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.workspaceId, userId))
      .orderBy(asc(apiKeys.createdAt)),
    db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, userId)),
  ]);
  const postIds = postRows.map((post) => post.id);
  const productIds = productRows.map((product) => product.id);
  const [itemRows, productImageRows] = await Promise.all([
    postIds.length
      ? db
          .select()
          .from(postItems)
          .where(inArray(postItems.postId, postIds))
          .orderBy(asc(postItems.position))
      : Promise.resolve([]),
    productIds.length
      ? db
          .select()
          .from(productImages)
          .where(inArray(productImages.productId, productIds))
          .orderBy(asc(productImages.position))
      : Promise.resolve([]),
  ]);

  const texts: TExportEntry[] = [];
  const files: TExportEntry[] = [];
  const exported = new Set<string>();
  /** A stored file at `at` (its extension kept), once: a key named twice goes where it came first. */
  const file = (at: string, key: string | null | undefined) => {
    if (!key || exported.has(key)) return;
    exported.add(key);
    files.push({ path: `${at}${path.extname(key)}`, key });
  };

  texts.push({ path: 'README.txt', text: README });
  texts.push({
    path: 'account.json',
    text: json({
      profile: {
        id: user.id,
        email: user.email,
        fullName: user.fullName,
        emailConfirmed: user.verifiedEmail?.toLowerCase() === user.email.toLowerCase(),
        signsInWithPassword: user.hasPassword !== null,
        signsInWithGoogle: user.googleSubject !== null,
        creatorSince: iso(user.creatorSince),
        createdAt: iso(user.createdAt),
      },
      plan: {
        credits: balance?.credits ?? 0,
        influencerTrainings: balance?.modelTokens ?? 0,
        influencerSlots: balance?.modelTokensGranted ?? 0,
        subscriptions: subscriptionRows.map((row) => ({
          plan: row.plan,
          billing: row.billing,
          status: row.status,
          provider: row.provider,
          currentPeriodStart: iso(row.currentPeriodStart),
          currentPeriodEnd: iso(row.currentPeriodEnd),
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          canceledAt: iso(row.canceledAt),
          createdAt: iso(row.createdAt),
        })),
      },
      settings: {
        onboarding: onboarding
          ? {
              step: onboarding.step,
              answers: onboarding.answers,
              completedAt: iso(onboarding.completedAt),
            }
          : null,
      },
    }),
  });

  // Personas: details, picture, photos, trained model, likeness statement.
  const personaName = uniqueNames();
  for (const influencer of influencerRows) {
    const folder = `personas/${personaName(influencer.name, influencer.id)}`;
    const page = pageRows.find((row) => row.influencerId === influencer.id);
    const photos = photoRows.filter((row) => row.influencerId === influencer.id);
    const statements = statementRows.filter((row) => row.influencerId === influencer.id);
    texts.push({
      path: `${folder}/persona.json`,
      text: json({
        id: influencer.id,
        name: influencer.name,
        niche: influencer.niche,
        personality: influencer.personality,
        targetAudience: influencer.targetAudience,
        description: influencer.description,
        visualStyle: influencer.visualStyle,
        marketplaceModel: influencer.modelId,
        trainedAt: iso(influencer.trainedAt),
        triggerWord: influencer.triggerWord,
        voiceProfile: influencer.voiceProfile ?? null,
        createdAt: iso(influencer.createdAt),
        page: page
          ? {
              handle: page.handle,
              bio: page.bio,
              publishedAt: iso(page.publishedAt),
              hiddenAt: iso(page.hiddenAt),
            }
          : null,
        photos: photos.map((photo, index) => ({
          file: `photos/${index + 1}-${short(photo.id)}${path.extname(photo.imageKey)}`,
          source: photo.source,
          width: photo.width,
          height: photo.height,
          faces: photo.faceCount,
          addedAt: iso(photo.createdAt),
        })),
      }),
    });
    file(`${folder}/picture`, influencer.imageKey);
    file(`${folder}/picture-preview`, influencer.thumbnailKey);
    photos.forEach((photo, index) => {
      // A claimed model's portraits are the marketplace's files, not the account's.
      if (photo.source !== 'upload') return;
      file(`${folder}/photos/${index + 1}-${short(photo.id)}`, photo.imageKey);
      file(`${folder}/photos/previews/${index + 1}-${short(photo.id)}`, photo.thumbnailKey);
    });
    file(`${folder}/model`, influencer.loraKey);
    const voice = voiceRows.find((row) => row.influencerId === influencer.id);
    if (voice) {
      texts.push({
        path: `${folder}/voice.json`,
        text: json({
          kind: voice.kind,
          stockVoice: voice.stockVoice,
          recording: voice.recordingKey
            ? { name: voice.recordingName, seconds: voice.recordingSeconds }
            : null,
          updatedAt: iso(voice.updatedAt),
        }),
      });
      file(`${folder}/voice-recording`, voice.recordingKey);
    }
    if (statements.length) {
      texts.push({
        path: `${folder}/likeness.json`,
        text: json(
          statements.map((row) => ({
            subject: row.subject,
            statement: row.statement,
            consentDocument: row.consentDocumentName,
            matchScore: row.matchScore,
            verifiedAt: iso(row.verifiedAt),
            statedAt: iso(row.statedAt),
          })),
        ),
      });
      for (const row of statements) {
        file(`${folder}/consent-${short(row.id)}`, row.consentDocumentKey);
      }
    }
  }

  // The gallery, as stored, and what made each item.
  const galleryFile = (item: (typeof galleryRows)[number]) =>
    `gallery/${item.createdAt.toISOString().slice(0, 10)}-${short(item.id)}`;
  texts.push({
    path: 'gallery/gallery.json',
    text: json(
      galleryRows.map((item) => ({
        id: item.id,
        file: `${galleryFile(item)}${path.extname(item.key)}`,
        kind: item.kind,
        tool: item.tool,
        influencer: item.influencerName,
        prompt: item.prompt,
        width: item.width,
        height: item.height,
        durationMs: item.durationMs,
        contentType: item.contentType,
        originalFileName: item.fileName,
        identityScore: item.identityScore,
        scoreNote: item.scoreNote,
        engine: item.engine,
        offlinePreview: item.preview,
        contentCredentials: item.credentials,
        createdAt: iso(item.createdAt),
      })),
    ),
  });
  for (const item of galleryRows) {
    file(galleryFile(item), item.key);
    file(`gallery/previews/${short(item.id)}`, item.thumbnailKey);
  }

  // Tool runs, and their files the gallery does not hold.
  texts.push({
    path: 'jobs/jobs.json',
    text: json(
      jobRows.map((job) => ({
        id: job.id,
        tool: job.tool,
        status: job.status,
        options: job.options,
        prompt: job.prompt,
        cost: job.cost,
        engine: job.engine,
        failureReason: job.failureReason,
        createdAt: iso(job.createdAt),
        finishedAt: iso(job.finishedAt),
      })),
    ),
  });
  for (const job of jobRows) {
    const folder = `jobs/${job.createdAt.toISOString().slice(0, 10)}-${job.tool}-${short(job.id)}`;
    const jobFiles = [...(job.input ? [{ ...job.input, name: 'input' }] : [])];
    job.outputs.forEach((output, index) => jobFiles.push({ ...output, name: `output-${index}` }));
    for (const one of jobFiles) {
      file(`${folder}/${one.name}`, one.key);
      file(`${folder}/${one.name}-poster`, one.posterKey);
    }
  }

  // Posts and their files.
  const postFolder = (post: (typeof postRows)[number]) =>
    `posts/${post.publishAt.toISOString().slice(0, 10)}-${short(post.id)}`;
  texts.push({
    path: 'posts/posts.json',
    text: json(
      postRows.map((post) => ({
        id: post.id,
        folder: postFolder(post),
        influencer: post.influencerName,
        caption: post.caption,
        priceCents: post.priceCents,
        status: post.status,
        publishAt: iso(post.publishAt),
        timeZone: post.timeZone,
        onPage: post.onPage,
        hiddenAt: iso(post.hiddenAt),
        items: itemRows
          .filter((item) => item.postId === post.id)
          .map((item) => ({
            position: item.position,
            kind: item.kind,
            fileName: item.fileName,
            contentType: item.contentType,
            width: item.width,
            height: item.height,
          })),
      })),
    ),
  });
  for (const post of postRows) {
    for (const item of itemRows.filter((row) => row.postId === post.id)) {
      const base = `${postFolder(post)}/${item.position + 1}`;
      file(base, item.key);
      file(`${base}-preview`, item.thumbnailKey);
      file(`${base}-blurred`, item.blurredKey);
    }
  }

  // Products and their pictures.
  const productName = uniqueNames();
  const productFolders = new Map(productRows.map((row) => [row.id, productName(row.name, row.id)]));
  texts.push({
    path: 'products/products.json',
    text: json(
      productRows.map((row) => ({
        id: row.id,
        folder: `products/${productFolders.get(row.id)}`,
        name: row.name,
        description: row.description,
        link: row.link,
        createdAt: iso(row.createdAt),
      })),
    ),
  });
  for (const image of productImageRows) {
    const folder = `products/${productFolders.get(image.productId)}`;
    file(`${folder}/${image.position + 1}`, image.imageKey);
    file(`${folder}/${image.position + 1}-preview`, image.thumbnailKey);
  }

  // Money: sales (no buyer named), earnings, payouts, credits, purchases, receipts.
  const postOf = new Map(postRows.map((post) => [post.id, post]));
  const sales = saleRows.map((sale) => ({
    id: sale.id,
    postId: sale.postId,
    influencer: postOf.get(sale.postId)?.influencerName ?? null,
    amountCents: sale.amountCents,
    feeCents: sale.feeCents,
    netCents: sale.netCents,
    status: sale.status,
    provider: sale.provider,
    availableAt: iso(sale.availableAt),
    soldAt: iso(sale.createdAt),
  }));
  texts.push({
    path: 'sales.csv',
    text: csv(
      ['sold_at', 'post_id', 'influencer', 'amount_cents', 'fee_cents', 'net_cents', 'status'],
      sales.map((sale) => [
        sale.soldAt,
        sale.postId,
        sale.influencer,
        sale.amountCents,
        sale.feeCents,
        sale.netCents,
        sale.status,
      ]),
    ),
  });
  texts.push({
    path: 'sales.json',
    text: json({
      sales,
      earnings: {
        balance: {
          availableCents: earningsBalance?.availableCents ?? 0,
          pendingCents: earningsBalance?.pendingCents ?? 0,
          heldCents: earningsBalance?.heldCents ?? 0,
          owedCents: earningsBalance?.owedCents ?? 0,
        },
        ledger: earningRows.map((row) => ({
          kind: row.kind,
          availableCents: row.amountCents,
          pendingCents: row.pendingCents,
          heldCents: row.heldCents,
          owedCents: row.owedCents,
          saleId: row.purchaseId,
          payoutId: row.payoutId,
          at: iso(row.createdAt),
        })),
      },
      payouts: payoutRows.map((row) => ({
        id: row.id,
        amountCents: row.amountCents,
        status: row.status,
        provider: row.provider,
        failure: row.failure,
        createdAt: iso(row.createdAt),
      })),
    }),
  });
  texts.push({
    path: 'credits.csv',
    text: csv(
      ['at', 'currency', 'amount', 'kind', 'description'],
      ledgerRows.map((row) => [
        iso(row.createdAt),
        row.currency,
        row.amount,
        row.kind,
        row.description,
      ]),
    ),
  });
  texts.push({
    path: 'purchases.json',
    text: json(
      boughtRows.map(({ purchase, post }) => ({
        id: purchase.id,
        postId: post.id,
        influencer: post.influencerName,
        caption: post.caption,
        amountCents: purchase.amountCents,
        status: purchase.status,
        boughtAt: iso(purchase.createdAt),
      })),
    ),
  });
  texts.push({
    path: 'receipts.json',
    text: json(
      receiptRows.map((row) => ({
        kind: row.kind,
        description: row.description,
        amountCents: row.amountCents,
        currency: row.currency,
        provider: row.provider,
        paidAt: iso(row.paidAt),
      })),
    ),
  });

  // Connections and developer settings, never their secrets.
  texts.push({
    path: 'platforms.json',
    text: json(
      platformRows.map((row) => ({
        platform: row.platform,
        influencer: influencerRows.find((one) => one.id === row.influencerId)?.name ?? null,
        username: row.username,
        displayName: row.displayName,
        profileUrl: row.profileUrl,
        scopes: row.scopes,
        status: row.status,
        connectedAt: iso(row.connectedAt),
      })),
    ),
  });
  for (const row of platformRows) {
    file(`platforms/${row.platform}-${safeName(row.username, short(row.id))}`, row.pictureKey);
  }
  texts.push({
    path: 'api-keys.json',
    text: json(
      keyRows.map((row) => ({
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes,
        createdAt: iso(row.createdAt),
        expiresAt: iso(row.expiresAt),
        lastUsedAt: iso(row.lastUsedAt),
        revokedAt: iso(row.revokedAt),
      })),
    ),
  });
  texts.push({
    path: 'webhooks.json',
    text: json(
      webhookRows.map((row) => ({
        url: row.url,
        events: row.events,
        createdAt: iso(row.createdAt),
        failingSince: iso(row.failingSince),
        disabledAt: iso(row.disabledAt),
      })),
    ),
  });
  return [...texts, ...files];
}
