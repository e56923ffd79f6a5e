/**
 * Grants or takes back the operator role (docs/product/reports-and-takedown.md):
 *
 *   npm run operator:grant -- <email>
 *   npm run operator:revoke -- <email>
 *
 * Uses DATABASE_URL when set; otherwise the embedded database, so stop `npm start` first.
 */
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { setOperator } from '../modules/operator/grant';
import { runCli } from './run-cli';

const MESSAGES = {
  granted: (email: string) => `${email} is now an operator: /operator opens for it.`,
  revoked: (email: string) => `${email} is no longer an operator.`,
  unchanged: (email: string) => `${email} was already as asked; nothing changed.`,
  'no-account': (email: string) => `No account has the address ${email}.`,
} as const;

async function run(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length) {
    console.error(
      'Usage: npm run operator:grant -- <email>, or npm run operator:revoke -- <email>',
    );
    return 2;
  }
  const config = loadConfig();
  const { url, embedded } = await openDatabase(config, () => {});
  const database = connectDatabase(url, { poolSize: 1 });
  try {
    await runMigrations(url);
    const change = await setOperator(database.db, email, command === 'grant');
    const message = MESSAGES[change](email);
    if (change === 'no-account') {
      console.error(message);
      return 1;
    }
    console.log(message);
    return 0;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

runCli(run);
