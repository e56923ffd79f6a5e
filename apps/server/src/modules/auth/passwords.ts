import argon2 from 'argon2';

/**
 * argon2id with its library defaults (64 MiB memory, 3 passes, 4 lanes), within OWASP's advice.
 * The parameters live in each hash, so raising them later still verifies old hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when the account does not exist or has no password, so the
 * answer's timing does not tell which addresses have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('muse-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
