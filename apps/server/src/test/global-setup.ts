import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateDatabase: string;
  }
}

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function serverDatabaseUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(sql: string) {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL,
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one template database per run; each test file then starts from a copy of it, which is
 * far faster than running initdb and the migrations for every file.
 */
export default async function setup(project: TestProject) {
  // The driver is the project's own setting (the root config runs this project once per driver);
  // global setup runs in the main process, which does not see a project's env.
  const driver = project.config.env?.TEST_DB ?? process.env.TEST_DB;
  if (driver === 'postgres') {
    const template = `bilag_test_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${template}`);
    const handle = openPostgres(serverDatabaseUrl(template), 2);
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplateDatabase', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await adminQuery(`drop database if exists ${template} with (force)`);
    };
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'bilag-pglite-template-'));
  const handle = await openPglite();
  await handle.migrate();
  const dump = await handle.dumpDataDir();
  await handle.close();
  const templatePath = path.join(directory, 'template.tar');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  project.provide('postgresTemplateDatabase', '');
  return () => rmSync(directory, { recursive: true, force: true });
}
