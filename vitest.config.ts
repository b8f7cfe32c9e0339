import { defineConfig } from "vitest/config";
import { linguiCatalogues, linguiMacros, linguiRuntime } from "./apps/web/lingui-macro";

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores (one on CI's two). A server test file
    // runs on its own database and mostly waits on it, so two workers keep both cores busy.
    // (Set for all projects: projects with different worker counts cannot share a run.)
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Each file builds its own app and database, and no server test mocks modules or timers,
          // so a worker reuses the loaded modules instead of importing the server again per file:
          // the PostgreSQL run went 565 s -> 165 s and the PGlite one spends 16 s importing, not 355 s.
          // A test that needs module mocks must move to its own project with isolation on.
          isolate: false,
        },
      },
      {
        test: {
          name: "packages",
          include: ["packages/*/src/**/*.test.ts", "packages/*/scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // The storefront's Lingui macros, as its build expands them (decision 109).
        plugins: [linguiMacros(), linguiCatalogues()],
        resolve: { alias: { "~i18n": linguiRuntime } },
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
    ],
  },
});
