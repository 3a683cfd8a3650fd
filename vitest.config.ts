import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tests/faults/**/*.test.ts',
      'tests/cluster/**/*.test.ts',
      'tests/build/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**', 'data/**'],
    globalSetup: ['tests/api/global-setup.ts'],
    setupFiles: ['tests/setup-console.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
