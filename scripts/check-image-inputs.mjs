// What may go into the production image (docs/deploy.md). Part of `npm run check:imports`.
//   .dockerignore keeps the secrets and the host's state out of the build context: deploy/shop.env
//   and other env files, .git, node_modules at every level, data/, backups/ (while what the
//   Dockerfile copies from the context stays in);
//   deploy/Dockerfile's final stage takes nothing from the context (no `COPY . .`), takes
//   node_modules only from a stage that installed with --omit=dev, and runs as before (Node 24,
//   an unprivileged user, dist/main.mjs, the mmap threshold, a health check); no stage copies an
//   env file or sets a secret with ENV/ARG.
// node scripts/check-image-inputs.mjs [--dockerfile FILE] [--dockerignore FILE] (to try a variant)
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    dockerfile: { type: "string", default: "deploy/Dockerfile" },
    dockerignore: { type: "string", default: ".dockerignore" },
  },
});
const problems = [];

// --- .dockerignore, with Docker's rules: patterns are relative to the context root (no implicit
// "at any level" as in .gitignore), `**` spans folders, `*` and `?` stay within one, `!` re-includes,
// the last matching line wins, and a path is excluded when it or a parent folder matches.
function globToRegExp(pattern) {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*" && pattern[i + 1] === "*") {
      i++;
      if (pattern[i + 1] === "/") {
        i++;
        re += "(?:.*/)?";
      } else re += ".*";
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = pattern.indexOf("]", i);
      re += end < 0 ? "\\[" : pattern.slice(i, end + 1).replace(/^\[!/, "[^");
      if (end >= 0) i = end;
    } else re += c.replace(/[\\^$.|+(){}]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

function readDockerignore(file) {
  if (!fs.existsSync(file)) {
    problems.push(`${file} is missing: the whole repository (node_modules, .git, deploy/shop.env…) is the build context`);
    return [];
  }
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const negate = l.startsWith("!");
      const p = path.posix
        .normalize((negate ? l.slice(1) : l).trim())
        .replace(/^\/+/, "")
        .replace(/\/+$/, "");
      return { negate, re: globToRegExp(p) };
    });
}

const rules = readDockerignore(values.dockerignore);
function excluded(file) {
  const parts = file.split("/");
  let out = false;
  for (const { negate, re } of rules)
    for (let n = 1; n <= parts.length; n++) if (re.test(parts.slice(0, n).join("/"))) out = !negate;
  return out;
}

const mustExclude = [
  "deploy/shop.env",
  "deploy/.env",
  "deploy/production.env",
  ".env",
  ".env.production",
  "apps/server/.env",
  ".git/config",
  "node_modules/react/index.js",
  "apps/web/node_modules/@hookform/resolvers/package.json",
  "packages/contract/node_modules/zod/package.json",
  "data/db/PG_VERSION",
  "data/uploads/a.jpg",
  "backups/shop-20260101-000000/db.sql",
];
for (const f of mustExclude) if (!excluded(f)) problems.push(`${values.dockerignore} lets ${f} into the build context`);

// --- Dockerfile: instructions (continuations joined, comments dropped), grouped by stage.
const lines = [];
let pending = "";
for (const raw of fs.readFileSync(values.dockerfile, "utf8").split("\n")) {
  const line = raw.trim();
  if (!pending && (line === "" || line.startsWith("#"))) continue;
  if (line.endsWith("\\")) pending += `${line.slice(0, -1)} `;
  else {
    lines.push(pending + line);
    pending = "";
  }
}
const stages = [];
for (const line of lines) {
  const [keyword, ...rest] = line.split(/\s+/);
  const kw = keyword.toUpperCase();
  const args = rest.join(" ");
  if (kw === "FROM") {
    const m = args.match(/^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i);
    const base = m?.[1] ?? "";
    // A stage built FROM an earlier one starts in that stage's WORKDIR.
    const workdir = stages.find((s) => s.name === base.toLowerCase())?.workdir ?? "/";
    stages.push({ base, name: m?.[2]?.toLowerCase(), workdir, steps: [] });
  } else if (stages.length > 0) {
    const stage = stages.at(-1);
    if (kw === "WORKDIR") stage.workdir = path.posix.resolve(stage.workdir, args);
    stage.steps.push({ kw, args, workdir: stage.workdir });
  }
}
const byName = new Map(stages.filter((s) => s.name).map((s) => [s.name, s]));
/** A stage and the stages it is built FROM, nearest first. */
const chain = (s) => (s ? [s, ...chain(byName.get(s.base.toLowerCase()))] : []);

/** COPY/ADD's flags, sources and destination (shell form; the JSON form is parsed too). */
function copyParts(args) {
  const words = args.trim().startsWith("[") ? JSON.parse(args) : args.split(/\s+/);
  const flags = Object.fromEntries(words.filter((w) => w.startsWith("--")).map((w) => w.slice(2).split("=")));
  const paths = words.filter((w) => !w.startsWith("--"));
  return { flags, sources: paths.slice(0, -1), dest: paths.at(-1) };
}

const envFile = /(^|\/)(\.env(\.[^/]*)?|[^/]*\.env)$/;
const secretName = /(PASSWORD|SECRET|TOKEN|PRIVATE|_KEY\b|HASH_IV|CREDENTIAL)/i;
for (const stage of stages)
  for (const { kw, args } of stage.steps) {
    if (kw === "COPY" || kw === "ADD") {
      const { flags, sources } = copyParts(args);
      if (flags.from) continue;
      for (const src of sources) {
        const rel = path.posix.normalize(src).replace(/^\.?\/+/, "");
        if (envFile.test(rel) && !rel.endsWith(".example"))
          problems.push(`${values.dockerfile}: \`${kw} ${args}\` copies an env file into a layer`);
        else if (!/[*?[]/.test(rel) && rel !== "." && rel !== "" && excluded(rel))
          problems.push(`${values.dockerfile}: \`${kw} ${args}\`: ${rel} is excluded by ${values.dockerignore}`);
      }
    }
    if (kw === "ENV" || kw === "ARG")
      for (const [, key] of args.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)(?==|\s|$)/g))
        if (secretName.test(key)) problems.push(`${values.dockerfile}: \`${kw} ${key}\` puts a secret in the image's history`);
  }

const final = stages.at(-1);
if (!final) problems.push(`${values.dockerfile} has no FROM`);
else {
  const workspaces = JSON.parse(fs.readFileSync("package.json", "utf8")).workspaces ?? [];
  const label = (s) => s.name ?? `FROM ${s.base}`;
  /** Where a stage's install put node_modules: its WORKDIR and each workspace folder in it. */
  const nodeModulesIn = (s) => {
    const root = s.steps.findLast((st) => st.kw === "RUN" && /\bnpm\s+(ci|install|i)\b/.test(st.args))?.workdir ?? s.workdir;
    return [root, ...workspaces.map((w) => path.posix.join(root, w))].map((d) => path.posix.join(d, "node_modules"));
  };
  /** The npm installs a stage (with the stages it is built on) ran. */
  const installs = (s) =>
    chain(s).flatMap((c) => c.steps.filter((st) => st.kw === "RUN" && /\bnpm\s+(ci|install|i)\b/.test(st.args)));
  const prodOnly = (s) => {
    const runs = installs(s);
    return runs.length > 0 && runs.every((r) => /--omit[= ]dev\b/.test(r.args));
  };

  if (!/^node:24[-.@]/.test(final.base)) problems.push(`${values.dockerfile}: the final stage is ${final.base}, not Node 24`);
  for (const { kw, args } of final.steps) {
    if (kw === "ADD") problems.push(`${values.dockerfile}: the final stage uses ADD (${args}); COPY --from a stage instead`);
    if (kw === "RUN" && /\bnpm\s+(ci|install|i)\b/.test(args) && !/--omit[= ]dev\b/.test(args))
      problems.push(`${values.dockerfile}: the final stage installs development dependencies (\`${args}\`)`);
    if (kw !== "COPY") continue;
    const { flags, sources } = copyParts(args);
    if (!flags.from) {
      // The context (filtered by .dockerignore) is for the build stage: the final stage takes built
      // code and installed packages from stages, so a file added to the repository never reaches it.
      problems.push(`${values.dockerfile}: the final stage copies from the build context (\`COPY ${args}\`)`);
      continue;
    }
    const from = byName.get(flags.from.toLowerCase());
    if (!from) continue; // an image, not a stage of this file
    for (const src of sources) {
      const abs = path.posix.resolve(from.workdir, src);
      const bringsNodeModules =
        abs.split("/").includes("node_modules") || nodeModulesIn(from).some((nm) => nm === abs || nm.startsWith(`${abs}/`));
      if (bringsNodeModules && !prodOnly(from))
        problems.push(
          `${values.dockerfile}: the final stage copies node_modules from "${label(from)}" (\`COPY ${args}\`), which did not install with --omit=dev`,
        );
    }
  }
  const user = final.steps.findLast((s) => s.kw === "USER")?.args;
  if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`${values.dockerfile}: the final stage runs as root`);
  const has = (kw, re) => final.steps.some((s) => s.kw === kw && re.test(s.args));
  if (!has("CMD", /apps\/server\/dist\/main\.mjs/))
    problems.push(`${values.dockerfile}: the final stage does not run apps/server/dist/main.mjs`);
  if (!has("ENV", /MALLOC_MMAP_THRESHOLD_=/))
    problems.push(`${values.dockerfile}: MALLOC_MMAP_THRESHOLD_ is not set (decision 63)`);
  if (!has("HEALTHCHECK", /\S/)) problems.push(`${values.dockerfile}: the final stage has no HEALTHCHECK`);
}

if (problems.length > 0) {
  console.error(`Image inputs:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
