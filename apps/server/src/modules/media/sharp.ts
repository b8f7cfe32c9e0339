import type { default as Sharp } from "sharp";

let loading: Promise<typeof Sharp> | undefined;
/** sharp (libvips) loads on the first image work, not at start: ~30 MB resident a shop may not need yet. */
export const loadSharp = () => (loading ??= import("sharp").then((module) => module.default));
