import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the `source` export condition,
// so tests never need a build (the build tests under test/build check dist/ separately).
// Only `source` is added to Vite's defaults: adding `import` would make Node hand CJS `require()` calls
// inside dependencies their ESM builds.
const conditions = ['source', ...defaultServerConditions];
const resolve = { conditions };
const ssr = { resolve: { conditions, externalConditions: ['source'] } };

export default defineConfig({
  resolve,
  ssr,
  test: {
    projects: [
      {
        resolve, ssr,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/{api,emulator,server}/src/**/*.test.ts', 'packages/{api,emulator,server}/test/**/*.test.ts'],
        },
      },
      {
        resolve: { conditions: ['source', ...defaultClientConditions] },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['packages/web/src/**/*.test.ts', 'packages/web/test/**/*.test.ts', 'examples/react/src/**/*.test.tsx'],
        },
      },
      {
        resolve, ssr,
        test: { name: 'integration', environment: 'node', include: ['test/integration/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
      },
      {
        resolve, ssr,
        test: { name: 'build', environment: 'node', include: ['test/build/**/*.test.ts'], testTimeout: 120_000 },
      },
      {
        resolve, ssr,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
