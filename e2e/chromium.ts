import fs from "node:fs";

/**
 * Debian's Chromium and the flags it needs on a closed network (no downloads, no sandbox as root).
 * The tests prefer Debian's `chromium-headless-shell` (the same Blink without the full browser UI,
 * what Playwright itself runs headless): the suite's browser CPU fell by two thirds (decision 70).
 * Without it, the full Chromium; CHROMIUM_PATH picks either.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
