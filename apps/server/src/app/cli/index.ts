// The server's command-line tools, compiled beside the server (build.mjs → dist/cli.mjs) so they
// run in the production image, where the source is not run (decision 73):
//   node apps/server/dist/cli.mjs migrate
//   node apps/server/dist/cli.mjs owner-create --username <name> [--name <display name>]
// `npm run migrate` and `npm run owner:create` run these.
import path from "node:path";
import { type Database, openDatabase } from "../../db/client.js";
import { ConfigError, loadConfig } from "../../lib/config/index.js";
import { ensureShopEssentials } from "../shop-essentials.js";
import { ownerCreate } from "./owner-create.js";

/** The configured database (DATABASE_URL, else PGlite in DATA_DIR/db), migrated. */
async function openConfigured(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: 2,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, "db"),
  });
  try {
    await database.migrate();
    await ensureShopEssentials(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

const USAGE = `Usage:
  node apps/server/dist/cli.mjs migrate        (npm run migrate)
  node apps/server/dist/cli.mjs owner-create --username <name> [--name <display name>]
                                               (npm run owner:create -- --username <name>)`;

async function run(command: string | undefined, args: string[]): Promise<number> {
  if (command === "migrate") {
    const database = await openConfigured();
    await database.close();
    console.log(`Migrations applied: the database (${database.driver}) is up to date.`);
    return 0;
  }
  if (command === "owner-create") return ownerCreate(args, openConfigured);
  console.error(command ? `Unknown command: ${command}\n${USAGE}` : USAGE);
  return 1;
}

const [command, ...args] = process.argv.slice(2);
run(command, args).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
