import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * apps/server. This file sits one folder down, in src/ when run from source and in dist/ (where
 * the build puts all code) when compiled, so the same relative step holds for both.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
