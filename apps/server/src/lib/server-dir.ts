import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * apps/server. Compiled, every file is in dist/ (the build bundles all code there), one folder
 * down; from source this file is in src/lib/, two folders down.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const serverDir = path.resolve(here, path.basename(here) === "dist" ? ".." : "../..");
