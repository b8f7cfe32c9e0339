// Compiles the server to plain JavaScript in dist/ (npm run build). Running the source through tsx
// kept the TypeScript loader and every module's transform in memory: about 95 MB more resident at
// start on the same shop (docs/performance.md). Tests and tools still run the source with tsx.
//
// Packages from npm stay outside the bundle (node_modules is there at run time); the workspace's
// own packages (@shop/*, TypeScript source) go in. Code split, so what src/ loads on first use
// (pdf rendering, image work, the S3 client) still loads on first use.
import { copyFile, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;

/**
 * V8 keeps every script's source in memory, as one byte per character only if every character
 * fits: one Chinese word in a comment, a regular expression or an SQL template made it hold the
 * whole 2.8 MB bundle as two-byte text (5.7 MB resident; esbuild escapes strings, not those).
 * Our own sources are read with every non-ASCII character written as a \u escape, which means the
 * same in strings, templates (drizzle's sql tag reads the cooked text), regular expressions and
 * comments. Line numbers are unchanged; columns move only on lines that held such characters.
 */
const asciiSource = {
  name: "ascii-source",
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, "utf8");
      const contents = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
      return { contents, loader: args.path.endsWith("ts") ? "ts" : "js" };
    });
  },
};
const outdir = path.join(here, "dist");

await rm(outdir, { recursive: true, force: true });
await build({
  // main: the server; cli: migrate and owner-create (src/app/cli/index.ts), run in the image as well.
  entryPoints: { main: path.join(here, "src/main.ts"), cli: path.join(here, "src/app/cli/index.ts") },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  outExtension: { ".js": ".mjs" },
  // Stack traces name the source with NODE_OPTIONS=--enable-source-maps (off by default: the
  // maps would be held in memory).
  sourcemap: "linked",
  keepNames: true,
  logLevel: "warning",
  plugins: [
    // Plain ASCII out: one byte per character resident (see asciiSource).
    asciiSource,
    {
      name: "npm-packages-external",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@shop/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// The embedded database's thread is a file of its own, found beside the code that starts it.
await copyFile(path.join(here, "src/db/pglite-worker.mjs"), path.join(outdir, "pglite-worker.mjs"));
// A file with one non-ASCII character would be held as two-byte text again: stop the build instead.
for (const file of await readdir(outdir)) {
  if (!file.endsWith(".mjs")) continue;
  const at = (await readFile(path.join(outdir, file), "utf8")).search(/[\u0080-\uffff]/);
  if (at >= 0) throw new Error(`dist/${file} is not plain ASCII at character ${at} (see asciiSource in build.mjs)`);
}
