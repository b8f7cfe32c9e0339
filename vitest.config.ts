import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
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
