import { asc, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { marketplaceModels } from '../../db/schema';
import type { TPersonaAttributes } from '../../engines/fal/render-portraits';
import type { TStorage } from '../../lib/storage';
import { PORTRAITS_PER_MODEL } from './catalogue';
import { importModelImages } from './import-images';

type TModelRow = typeof marketplaceModels.$inferSelect;

/** Renders a persona's five portraits as photographs (engines/fal/render-portraits.ts). */
export type TPortraitRenderer = (persona: TPersonaAttributes) => Promise<Buffer[]>;

export type TRenderOutcome = { modelId: number; name: string; imageVersion: number };

/**
 * Replaces the drawn portraits of the marketplace's available models with photographs rendered
 * by a generation service (docs/product/marketplace.md): one persona, five photos, stored as a
 * new image version that the model switches to only once all five are stored. Models already
 * showing photos are left alone unless `force`; placeholders never have portraits.
 */
export async function renderMarketplacePortraits(
  db: TDatabase,
  storage: TStorage,
  render: TPortraitRenderer,
  options: { ids?: number[]; force?: boolean; onRendered?: (outcome: TRenderOutcome) => void } = {},
): Promise<TRenderOutcome[]> {
  const models: TModelRow[] = await db
    .select()
    .from(marketplaceModels)
    .where(eq(marketplaceModels.isBlackedOut, false))
    .orderBy(asc(marketplaceModels.id));
  const chosen = models.filter(
    (model) =>
      (!options.ids || options.ids.includes(model.id)) &&
      (options.force || model.imageVersion === 1),
  );
  const outcomes: TRenderOutcome[] = [];
  for (const model of chosen) {
    const photos = await render(model);
    if (photos.length !== PORTRAITS_PER_MODEL)
      throw new Error(
        `Expected ${PORTRAITS_PER_MODEL} portraits of ${model.name}, got ${photos.length}`,
      );
    const stored = await importModelImages(
      db,
      storage,
      model.id,
      photos.map((data, index) => ({ name: `${model.name}-${index + 1}.jpg`, data })),
    );
    const outcome = { modelId: model.id, name: model.name, imageVersion: stored.imageVersion };
    options.onRendered?.(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}
