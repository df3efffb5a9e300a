import { defineConfig } from 'vitest/config';

const postgresAvailable = process.env.BILAG_TEST_POSTGRES === '1';

/** Server tests run twice: on the embedded database and, when one answers, on a PostgreSQL server. */
export default defineConfig({
  test: {
    // The tests wait on databases, the sandbox and HTTP as much as on the CPU: on two cores three
    // workers finish the suite in about two thirds of the time one per core takes.
    maxWorkers: 3,
    projects: [
      'packages/domain',
      'apps/sandbox',
      'apps/web',
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server:pglite', root: './apps/server', env: { TEST_DB: 'pglite' } },
      },
      ...(postgresAvailable
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              test: {
                name: 'server:postgres',
                root: './apps/server',
                env: { TEST_DB: 'postgres' },
                // The provider clients' contract tests talk to the sandbox, not the database: once is enough.
                exclude: ['src/providers/**'],
              },
            },
          ]
        : []),
    ],
  },
});
