import type { TConfig } from '../config';
import { checkDatabaseReachable } from './client';
import { startEmbeddedPostgres, type TEmbeddedPostgres } from './embedded';

export class DatabaseStartError extends Error {}

function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** The database of this configuration: DATABASE_URL when set, else the embedded server. */
export async function openDatabase(
  config: TConfig,
  log: (message: string) => void,
): Promise<{ url: string; embedded?: TEmbeddedPostgres }> {
  if (config.DATABASE_URL) {
    try {
      await checkDatabaseReachable(config.DATABASE_URL);
    } catch (error) {
      throw new DatabaseStartError(
        `DATABASE_URL: cannot connect to ${hidePassword(config.DATABASE_URL)} (${(error as Error).message})`,
      );
    }
    return { url: config.DATABASE_URL };
  }
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, log });
    return { url: embedded.url, embedded };
  } catch (error) {
    throw new DatabaseStartError(
      `${(error as Error).message} (set DATABASE_URL to use another PostgreSQL server)`,
    );
  }
}
