import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from './app-setting.table';

const TOKEN_SIGNING_KEY = 'token_signing_key';

/**
 * The signing key lives in the database so that every server process behind a load balancer
 * shares it without extra configuration; the first process to start creates it.
 */
export async function getOrCreateTokenSigningKey(db: Db): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key: TOKEN_SIGNING_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, TOKEN_SIGNING_KEY));
  if (!row) throw new Error('The token signing key could not be stored');
  return row.value;
}
