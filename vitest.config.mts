import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // The first PDF render loads fonts and the renderer: seconds on a busy machine.
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/test-hooks.ts"],
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/fixtures/database-setup.ts"],
          setupFiles: ["tests/support/test-hooks.ts", "tests/fixtures/close-db.ts"],
          // Each worker holds its own embedded database (200-250 MB); two fit 2 cores.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          sequence: { groupOrder: 2 },
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/setup.ts"],
          fileParallelism: false,
          // A page updates after the service answers: on a busy machine that takes seconds, not the default 1 s.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      // After the API and browser suites, over what their routes answered (npm test sets API_RESPONSE_RECORD).
      ...(process.env.API_RESPONSE_RECORD
        ? [
            {
              resolve: { alias },
              test: {
                name: "contract",
                sequence: { groupOrder: 3 },
                include: ["tests/contract/**/*.test.ts"],
                environment: "node",
              },
            },
          ]
        : []),
    ],
  },
});
