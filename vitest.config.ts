import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SHARED_WORKER_UNIT_FILES } from './tests/support/sharedWorkerUnitFiles';

/** The unit projects' settings: jsdom, with antd and the widgets registered by unitSetup. */
const unitTest = {
  environment: 'jsdom' as const,
  include: ['tests/unit/**/*.test.{ts,tsx}'],
  setupFiles: ['tests/support/unitSetup.ts'],
  // jsdom renders whole antd forms and dialogs; on two shared cores one can take longer than
  // vitest's 5 s default without anything being wrong (nothing here asserts on time).
  testTimeout: 20_000,
  // vitest's default is one worker fewer than the cores, i.e. a single one on the two-core CI
  // machine, which left a core idle through the whole jsdom run (about half of vitest's time).
  maxWorkers: 2,
  // Projects with different worker counts must run one after the other.
  sequence: { groupOrder: 0 },
};

/** The server projects' settings: PostgreSQL and the template databases of globalSetup, generous timeouts. */
const serverTest = {
  environment: 'node' as const,
  globalSetup: ['tests/support/globalSetup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Each file opens its own copy of the database; two cores, so keep the fan-out small.
  maxWorkers: 2,
};

/**
 * Server files that replace a module (vi.mock), which a worker shared with other files would keep for
 * them: each runs in a process of its own, as every file did before. They use no database.
 */
const SERVER_FILES_NEEDING_ISOLATION = ['tests/server/excel/readRetry.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          ...unitTest,
          name: 'unit',
          exclude: [...configDefaults.exclude, ...SHARED_WORKER_UNIT_FILES],
        },
      },
      {
        plugins: [react()],
        test: {
          ...unitTest,
          name: 'unit-shared',
          include: SHARED_WORKER_UNIT_FILES,
          // Plain functions and models (tests/support/sharedWorkerUnitFiles.ts says which): a worker
          // keeps its jsdom and loaded modules from one file to the next.
          isolate: false,
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERVER_FILES_NEEDING_ISOLATION],
          // A file still opens its own copy of the database and builds its own app; what the files of a
          // worker share is the modules already loaded (Fastify, Kysely, PGlite, exceljs…): loading them
          // afresh in a new process for each of the 136 files cost more CPU than many files' tests.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...serverTest,
          name: 'server-isolated',
          include: SERVER_FILES_NEEDING_ISOLATION,
          // These need no database: no second PostgreSQL and templates.
          globalSetup: [],
          // Beside the unit files: the same worker count, and no need to wait for the server group.
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
