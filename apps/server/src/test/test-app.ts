import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import type { ObjectStore } from '../platform/object-store';
import { adminQuery, serverDatabaseUrl } from './global-setup';

/** A migrated, empty database of its own for one test file, on the driver the run was started for. */
export async function openTestDatabase(): Promise<DatabaseHandle & { dispose: () => Promise<void> }> {
  const template = inject('postgresTemplateDatabase');
  if (template) {
    const name = `bilag_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name} template ${template}`);
    const handle = openPostgres(serverDatabaseUrl(name), 5);
    return {
      ...handle,
      dispose: async () => {
        await handle.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  const handle = await openPglite({ loadDataDir: new Blob([dump]) });
  return { ...handle, dispose: handle.close };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
    ...overrides,
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  storeFor?: (dataDir: string) => ObjectStore,
) {
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bilag-test-data-'));
  const app = await buildApp({
    config: testConfig({ dataDir, ...overrides }),
    database,
    logger: false,
    ...(storeFor ? { store: storeFor(dataDir) } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    dataDir,
    close: async () => {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
