import { LICENCES_PER_MODEL, type TMarketplaceModel } from '@muse/shared';
import { asc, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { marketplaceModels, modelLicences } from '../../db/schema';
import type { TStorage, TStoredFile } from '../../lib/storage';
import { MARKETPLACE_CATALOGUE, PORTRAITS_PER_MODEL } from './catalogue';
import { PORTRAIT_SIZES, renderPortrait, type TPortraitSize } from './portraits';

type TModelRow = typeof marketplaceModels.$inferSelect;

/**
 * Puts the catalogue's models in the database once. Only models this call inserts get their
 * seeded licences, so restarts (or instances starting together) never add claims.
 */
export async function seedMarketplace(db: TDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(marketplaceModels)
      .values(
        MARKETPLACE_CATALOGUE.map((model) => ({
          id: model.id,
          name: model.name,
          age: model.age,
          hair: model.hair,
          body: model.body,
          ethnicity: model.ethnicity,
          about: model.about,
          isLive: model.isLive,
          isBlackedOut: model.isBlackedOut,
          imageCount: model.look ? PORTRAITS_PER_MODEL : 0,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: marketplaceModels.id });
    const insertedIds = new Set(inserted.map((row) => row.id));
    const licences = MARKETPLACE_CATALOGUE.filter((model) => insertedIds.has(model.id)).flatMap(
      (model) =>
        Array.from({ length: model.seededClaims }, () => ({
          modelId: model.id,
          workspaceId: null,
        })),
    );
    if (licences.length) await tx.insert(modelLicences).values(licences);
  });
}

/** Revision 2: one hair style and one face for all five drawings of a persona. */
const DRAWING_REVISION = 2;

export function portraitKey(
  modelId: number,
  version: number,
  position: number,
  size: TPortraitSize,
): string {
  // Version 1 is the drawn set; its revision changes when the drawings do, so stored old
  // drawings are never served again.
  const folder = version === 1 ? `v1-r${DRAWING_REVISION}` : `v${version}`;
  return `marketplace/${modelId}/${folder}/${position}-${size}.webp`;
}

function toPublicModel(row: TModelRow, claimed: number): TMarketplaceModel {
  const fullyClaimed = claimed >= LICENCES_PER_MODEL;
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    hair: row.hair,
    body: row.body,
    ethnicity: row.ethnicity,
    tier: row.tier,
    about: row.about,
    isLive: row.isLive,
    isBlackedOut: row.isBlackedOut,
    claimed: Math.min(claimed, LICENCES_PER_MODEL),
    licences: LICENCES_PER_MODEL,
    fullyClaimed,
    available: !row.isBlackedOut && !fullyClaimed,
    // Version 1 is the catalogue's drawings; any later version was imported or rendered as photos.
    imageKind: row.imageVersion > 1 ? 'photo' : 'illustration',
    images: Array.from({ length: row.imageCount }, (_, position) => {
      const base = `/api/marketplace/models/${row.id}/images/${position}`;
      return {
        card: `${base}?size=card&v=${row.imageVersion}`,
        full: `${base}?size=full&v=${row.imageVersion}`,
        width: PORTRAIT_SIZES.card.width,
        height: PORTRAIT_SIZES.card.height,
      };
    }),
  };
}

async function modelsWithClaims(db: TDatabase, ids?: number[]): Promise<TMarketplaceModel[]> {
  const rows = await db
    .select({ ...getTableColumns(marketplaceModels), claimed: count(modelLicences.id) })
    .from(marketplaceModels)
    .leftJoin(modelLicences, eq(modelLicences.modelId, marketplaceModels.id))
    .where(ids ? inArray(marketplaceModels.id, ids) : undefined)
    .groupBy(marketplaceModels.id)
    .orderBy(asc(marketplaceModels.id));
  return rows.map(({ claimed, ...row }) => toPublicModel(row, claimed));
}

export function listMarketplaceModels(db: TDatabase): Promise<TMarketplaceModel[]> {
  return modelsWithClaims(db);
}

export async function getMarketplaceModel(
  db: TDatabase,
  id: number,
): Promise<TMarketplaceModel | undefined> {
  return (await modelsWithClaims(db, [id]))[0];
}

const rendering = new Map<string, Promise<void>>();

/** Draws one of the catalogue's portraits into storage, once however many ask at the same time. */
function drawPortrait(
  storage: TStorage,
  catalogue: (typeof MARKETPLACE_CATALOGUE)[number],
  position: number,
  size: TPortraitSize,
): Promise<void> {
  const key = portraitKey(catalogue.id, 1, position, size);
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderPortrait(catalogue, position, size)
      .then((image) => storage.put(key, image))
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

/**
 * A model's portrait from storage. The seeded catalogue's portraits are drawn the first time
 * they are asked for (and by the warm-up after start), then served from storage.
 */
export async function readPortrait(
  db: TDatabase,
  storage: TStorage,
  modelId: number,
  position: number,
  size: TPortraitSize,
): Promise<TStoredFile | null> {
  const [row] = await db.select().from(marketplaceModels).where(eq(marketplaceModels.id, modelId));
  if (!row || position >= row.imageCount) return null;
  const key = portraitKey(modelId, row.imageVersion, position, size);
  const stored = await storage.get(key);
  if (stored) return stored;

  const catalogue = MARKETPLACE_CATALOGUE.find((model) => model.id === modelId);
  if (row.imageVersion !== 1 || !catalogue?.look) return null;
  await drawPortrait(storage, catalogue, position, size);
  return storage.get(key);
}

/** The key of one of the catalogue's current drawings: model, position, size. */
const DRAWN_KEY = new RegExp(
  `^marketplace/(\\d+)/v1-r${DRAWING_REVISION}/(\\d+)-(card|full)\\.webp$`,
);

/**
 * Makes sure the marketplace file behind `key` is stored, as a claimed persona's reference
 * photos point at the model's own files (docs/product/personas.md): a drawing that was not drawn
 * yet (the warm-up after start has not reached it) is drawn now. Any other key is left as it is.
 */
export async function ensureMarketplaceFile(storage: TStorage, key: string): Promise<void> {
  const match = DRAWN_KEY.exec(key);
  if (!match || (await storage.exists(key))) return;
  const catalogue = MARKETPLACE_CATALOGUE.find((model) => model.id === Number(match[1]));
  const position = Number(match[2]);
  if (!catalogue?.look || position >= PORTRAITS_PER_MODEL) return;
  await drawPortrait(storage, catalogue, position, match[3] as TPortraitSize);
}

/** Draws every missing catalogue portrait, one at a time, so the first visitors find them ready. */
export async function warmUpPortraits(
  db: TDatabase,
  storage: TStorage,
  signal?: AbortSignal,
): Promise<void> {
  for (const model of MARKETPLACE_CATALOGUE) {
    if (!model.look) continue;
    for (let position = 0; position < PORTRAITS_PER_MODEL; position += 1) {
      for (const size of ['card', 'full'] as const) {
        // Shutting down: the rest is drawn on the next start, or when first asked for.
        if (signal?.aborted) return;
        if (await storage.exists(portraitKey(model.id, 1, position, size))) continue;
        const file = await readPortrait(db, storage, model.id, position, size);
        file?.stream.destroy();
      }
    }
  }
}
