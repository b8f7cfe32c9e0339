// Each table has one owning module (docs/architecture.md, decision 31); no other module's
// production code names it, so every read and write of a table goes through its owner's service.
// Part of `npm run check:imports`. A new table is owned by the module its schema file is named
// after unless TABLE_OWNER says otherwise.
import fs from "node:fs";
import path from "node:path";

const src = "apps/server/src";
const schemaDir = path.join(src, "db/schema");

/** Schema files whose tables belong to a module of another name. */
const FILE_OWNER = { addresses: "members", favorites: "members", limits: "lib" };
/** Tables kept in another module's schema file. */
const TABLE_OWNER = {
  shopSettings: "shops",
  inquiries: "support",
  inquiryReplies: "support",
  depotEntries: "depot",
  depotTakeouts: "depot",
  authTokens: "auth",
  captchas: "auth",
  signInStates: "auth",
  bindTickets: "auth",
  usedIdTokens: "auth",
  idempotencyKeys: "checkout",
};
/** The one sanctioned second user: inventory alone moves the stock column of catalogue's variants. */
const ALSO = { variants: ["inventory"] };

const owner = new Map();
for (const file of fs.readdirSync(schemaDir).filter((f) => f.endsWith(".ts") && f !== "index.ts")) {
  const base = file.replace(/\.ts$/, "");
  const text = fs.readFileSync(path.join(schemaDir, file), "utf8");
  for (const [, name] of text.matchAll(/export const (\w+) = pg(?:Table|Enum)\(/g))
    owner.set(name, TABLE_OWNER[name] ?? FILE_OWNER[base] ?? base);
}

const problems = [];
const modulesDir = path.join(src, "modules");
for (const mod of fs.readdirSync(modulesDir)) {
  for (const file of fs.readdirSync(path.join(modulesDir, mod), { recursive: true })) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const rel = path.join(modulesDir, mod, file);
    const text = fs.readFileSync(rel, "utf8");
    for (const [, names] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"[./]*db\/schema\/[\w.-]+"/g)) {
      for (const raw of names.split(",")) {
        const name = raw
          .replace(/^\s*type\s+/, "")
          .split(/\s+as\s+/)[0]
          .trim();
        const who = owner.get(name);
        if (who && who !== mod && !(ALSO[name] ?? []).includes(mod)) problems.push(`${rel}: uses table ${name}, owned by ${who}`);
      }
    }
  }
}

// Flows and the app's plumbing own no table: they go through the modules' services. The demo
// seeder is the one declared exception — it writes a whole shop in one go, straight into the
// tables, which no running shop ever does (docs/architecture.md).
const NO_TABLES = ["flows", "app"];
const EXCEPTIONS = ["demo"];
for (const room of NO_TABLES) {
  const dir = path.join(src, room);
  for (const file of fs.readdirSync(dir, { recursive: true })) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const rel = path.join(dir, file);
    if (/from\s*"[./]*db\/schema\//.test(fs.readFileSync(rel, "utf8")))
      problems.push(`${rel}: a ${room.replace(/s$/, "")} file uses tables directly; go through their modules' services`);
  }
}
for (const room of fs.readdirSync(src, { withFileTypes: true })) {
  const known = ["modules", "db", "lib", "test", "security", ...NO_TABLES, ...EXCEPTIONS];
  if (room.isDirectory() && !known.includes(room.name)) {
    for (const file of fs.readdirSync(path.join(src, room.name), { recursive: true })) {
      if (!String(file).endsWith(".ts") || String(file).endsWith(".test.ts")) continue;
      const rel = path.join(src, room.name, String(file));
      if (/from\s*"[./]*db\/schema\//.test(fs.readFileSync(rel, "utf8"))) problems.push(`${rel}: uses tables outside a module`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Tables used outside their owning module (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `✔ every table used only by its owner (${owner.size} tables; modules, flows and app checked, demo/ the declared exception)`,
);
