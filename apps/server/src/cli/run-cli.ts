import { ConfigError } from '../config';
import { AppError } from '../lib/errors';

/**
 * Runs a command-line task and exits with its code. A configuration or usage problem prints its
 * one line; anything else prints the error whole, for whoever must fix it.
 */
export function runCli(task: () => Promise<number>): void {
  task()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      const known = error instanceof AppError || error instanceof ConfigError;
      console.error(known ? error.message : error);
      process.exit(1);
    });
}
