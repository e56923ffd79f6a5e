import pg from 'pg';
import { e2eDatabaseUrl } from './jobs';

/**
 * Moves the account's first-month offer deadline, where the server keeps it (time passing,
 * without waiting for it).
 */
export async function setOfferEnd(baseURL: string, email: string, endsAt: Date): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl(baseURL) });
  await client.connect();
  try {
    await client.query(
      'update onboarding_states set offer_ends_at = $1 where user_id = (select id from users where email = $2)',
      [endsAt, email],
    );
  } finally {
    await client.end();
  }
}
