/**
 * The go-live rehearsal's shop (npm run test:golive): the real start (apps/server/src/app/server.ts)
 * in production mode, allowed to point the test-only overrides at fakes on 127.0.0.1. A real
 * production start (`node apps/server/dist/main.mjs`) refuses them; no setting lifts that.
 */

import { startServer } from "../../apps/server/src/app/server.js";
import { ConfigError } from "../../apps/server/src/lib/config/index.js";

startServer({ localFakes: true }).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
