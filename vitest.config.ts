import { defineConfig } from "vitest/config";

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
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
    ],
  },
});
