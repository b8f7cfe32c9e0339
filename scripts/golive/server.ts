/**
 * The go-live rehearsal's shop (npm run test:golive): the real start (apps/server/src/server.ts)
 * in production mode, allowed to point the test-only overrides at fakes on 127.0.0.1. A real
 * production start (`node apps/server/dist/main.mjs`) refuses them; no setting lifts that.
 */
import { ConfigError } from "../../apps/server/src/config.js";
import { startServer } from "../../apps/server/src/server.js";

startServer({ localFakes: true }).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
