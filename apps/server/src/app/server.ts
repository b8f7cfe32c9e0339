import path from "node:path";
import { openDatabase } from "../db/client.js";
import { seedIfEmpty } from "../demo/seed.js";
import { ConfigError, loadConfig } from "../lib/config/index.js";
import { serverDir } from "../lib/server-dir.js";
import { startDevWeb } from "../plugins/dev-web.js";
import { buildApp } from "./app.js";
import { noOwnerWarning } from "./first-owner.js";
import { demoPasswordsInUse, type ProductionCheckOptions, productionProblems } from "./production.js";
import { ensureShopEssentials } from "./shop-essentials.js";

/**
 * Starts the shop: checks the configuration (production refuses simulators and missing settings),
 * migrates, seeds the demo shop when asked, builds the app and listens. `main.ts` calls it for a
 * real start; the go-live rehearsal (scripts/golive) passes `localFakes` to point the test-only
 * overrides at fakes on this machine, which no setting can do.
 */
export async function startServer(options: ProductionCheckOptions = {}) {
  const config = loadConfig();
  const problems = productionProblems(config, options);
  if (problems.length > 0)
    throw new ConfigError(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, "db"),
    onIdleError: (error) => console.warn(`PostgreSQL connection lost (the pool reconnects): ${error.message}`),
  });
  await database.migrate();
  if (config.SEED_DEMO) await seedIfEmpty(database.db, config.dataDir);
  // After the demo seed, which only loads into an empty database.
  await ensureShopEssentials(database.db);

  const buildDir = config.WEB_BUILD_DIR ?? path.resolve(serverDir, "../web/build");
  const adminDir = path.resolve(serverDir, "../admin/build");
  const dev = config.SERVE_WEB && config.WEB_DEV ? await startDevWeb(path.resolve(serverDir, "../web")) : undefined;
  const { app, services, drain } = await buildApp({
    config,
    database,
    web: config.SERVE_WEB ? { buildDir, adminDir, dev } : false,
  });
  if (dev) app.addHook("onClose", () => dev.close());
  if (config.NODE_ENV === "production") {
    const demo = await demoPasswordsInUse(services);
    if (demo.length > 0)
      throw new ConfigError(
        `Refusing to start in production: demo accounts still open with their published passwords: ${demo.join(", ")}`,
      );
  }
  const noOwner = await noOwnerWarning(config, services.staff);
  if (noOwner) app.log.warn(noOwner);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    // Readiness fails first, so the load balancer stops sending new requests; then close, which
    // waits for requests in flight (an order being placed finishes or rolls back, never half-done).
    drain();
    await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`商城已啟動：http://localhost:${config.PORT} (database: ${database.driver})`);
  return app;
}
