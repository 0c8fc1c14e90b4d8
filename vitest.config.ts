import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
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
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own copy of the database; two cores, so keep the fan-out small.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
