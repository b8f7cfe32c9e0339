import path from "node:path";
import { openDatabase } from "../db/client.js";
import { loadConfig } from "../lib/config/index.js";
import { seedIfEmpty } from "./seed.js";

/** `npm run db:seed`: migrate, then load the demo shop into an empty database. */
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, "db"),
});
await database.migrate();
const seeded = await seedIfEmpty(database.db, config.dataDir);
console.log(seeded ? "Demo data loaded." : "The database already has data; nothing was changed.");
await database.close();
