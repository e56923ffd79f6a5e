/**
 * Renders the marketplace models' portraits as photographs with the hosted generation service
 * (fal), replacing the drawn ones (docs/product/marketplace.md):
 *
 *   npm run marketplace:render                 every available model still showing drawings
 *   npm run marketplace:render -- 3 7          only these models
 *   npm run marketplace:render -- --force 3    again, even if it already shows photos
 *
 * Needs FAL_KEY. Uses DATABASE_URL when set; otherwise the embedded database, so stop
 * `npm start` first.
 */
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createFalConnection } from '../engines/fal/client';
import { renderPersonaPortraits } from '../engines/fal/render-portraits';
import { createStorage } from '../lib/create-storage';
import { renderMarketplacePortraits } from '../modules/marketplace/render-marketplace';
import { seedMarketplace } from '../modules/marketplace/service';
import { runCli } from './run-cli';

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const ids = args.filter((arg) => arg !== '--force').map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id < 1)) {
    console.error('Usage: npm run marketplace:render -- [--force] [<model id> …]');
    return 2;
  }
  const config = loadConfig();
  if (!config.FAL_KEY) {
    console.error(
      'FAL_KEY is not set: rendering portraits needs the hosted generation service (fal).',
    );
    return 2;
  }
  const connection = createFalConnection({
    key: config.FAL_KEY,
    ...(config.FAL_API_URL ? { apiUrl: config.FAL_API_URL } : {}),
  });
  const { url, embedded } = await openDatabase(config, () => {});
  const database = connectDatabase(url, { poolSize: 2 });
  try {
    await runMigrations(url);
    await seedMarketplace(database.db);
    const outcomes = await renderMarketplacePortraits(
      database.db,
      createStorage(config),
      (persona) => renderPersonaPortraits(connection, persona),
      {
        ...(ids.length ? { ids } : {}),
        force,
        onRendered: ({ modelId, name, imageVersion }) =>
          console.log(
            `Model ${modelId} (${name}): 5 photographs stored (version ${imageVersion}).`,
          ),
      },
    );
    if (!outcomes.length) console.log('Every chosen model already shows photographs.');
    return 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

runCli(run);
