/**
 * Replaces a marketplace model's portraits with real photos:
 *
 *   npm run marketplace:import -- <model id> <photo> [<photo> …]   (1 to 5 photos)
 *
 * Uses DATABASE_URL when set; otherwise the embedded database, so stop `npm start` first.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createLocalStorage } from '../lib/storage';
import { importModelImages } from '../modules/marketplace/import-images';
import { seedMarketplace } from '../modules/marketplace/service';
import { runCli } from './run-cli';

async function run(): Promise<number> {
  const [idArgument, ...paths] = process.argv.slice(2);
  const modelId = Number(idArgument);
  if (!Number.isInteger(modelId) || paths.length === 0) {
    console.error('Usage: npm run marketplace:import -- <model id> <photo> [<photo> …]');
    return 2;
  }
  const config = loadConfig();
  const files = await Promise.all(
    paths.map(async (file) => ({ name: path.basename(file), data: await readFile(file) })),
  );
  const { url, embedded } = await openDatabase(config, () => {});
  const database = connectDatabase(url, { poolSize: 2 });
  try {
    await runMigrations(url);
    await seedMarketplace(database.db);
    const storage = createLocalStorage(path.join(config.DATA_DIR, 'files'));
    const result = await importModelImages(database.db, storage, modelId, files);
    console.log(
      `Model ${modelId} now shows ${result.imageCount} imported image(s) (version ${result.imageVersion}).`,
    );
    return 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

runCli(run);
