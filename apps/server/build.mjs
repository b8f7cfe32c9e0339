// Compiles the server to plain JavaScript in dist/ (npm run build). Running the source through tsx
// kept the TypeScript loader and every module's transform in memory: about 95 MB more resident at
// start on the same shop (docs/performance.md). Tests and tools still run the source with tsx.
//
// Packages from npm stay outside the bundle (node_modules is there at run time); the workspace's
// own packages (@shop/*, TypeScript source) go in. Code split, so what src/ loads on first use
// (pdf rendering, image work, the S3 client) still loads on first use.
import { copyFile, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const here = import.meta.dirname;
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
