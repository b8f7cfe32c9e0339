import { sql } from "drizzle-orm";

const mode = process.argv[2];
const rss = () => Math.round(process.memoryUsage().rss / 1e6);
console.log("start", rss(), "MB");
if (mode === "inproc") {
  const { PGlite } = await import("@electric-sql/pglite");
  const p = new PGlite("/tmp/rss1/db");
  await p.waitReady;
  await p.query("select count(*) from products");
  console.log("inproc pglite", rss(), "MB", JSON.stringify(process.memoryUsage()));
} else {
  const { openDatabase } = await import("./db/client.js");
  const d = await openDatabase({ dataDir: "/tmp/rss1/db" });
  await d.db.execute(sql`select count(*) from products`);
  console.log("thread pglite", rss(), "MB", JSON.stringify(process.memoryUsage()));
  await d.close();
}
