import fs from "node:fs/promises";
import path from "node:path";
import type { ObjectStore } from "../../integrations/object-store.js";
import { loadSharp } from "./sharp.js";

/** Widths the storefront asks for (srcset); anything else is refused so the cache stays bounded. */
const IMAGE_WIDTHS = [96, 160, 320, 480, 640, 960, 1280, 1600] as const;
/** Link previews (og:image): LINE and Facebook show a 1.91:1 JPEG reliably, not SVG or WebP. */
const PREVIEW = { width: 1200, height: 630 } as const;
const IMAGE_FILE = /\.(png|jpe?g|webp|avif|gif|svg)$/i;
/** Home-screen icons (web app manifest, apple-touch-icon): square PNGs made from a shop's logo. */
export const APP_ICONS = ["icon-192", "icon-512", "maskable-512"] as const;
export type AppIcon = (typeof APP_ICONS)[number];
type Derived = "preview" | number | AppIcon;

/**
 * Responsive images: `/img/{width}/uploads/…` is the original under DATA_DIR/uploads resized to
 * that width as WebP, made once with sharp and then served from DATA_DIR/cache/img.
 * With an object store (S3), uploads are kept there and DATA_DIR/uploads is a read-through copy,
 * so any instance can serve a file another instance received.
 */
export function createMediaService(dataDir: string, store?: ObjectStore) {
  const uploads = path.join(dataDir, "uploads");
  const cacheDir = path.join(dataDir, "cache", "img");
  const inFlight = new Map<string, Promise<string>>();
  const fetching = new Map<string, Promise<boolean>>();

  /** The upload's local path when it is (or could be made) present; undefined for a path outside uploads. */
  function localPath(relativePath: string) {
    const file = path.resolve(uploads, relativePath);
    return file.startsWith(uploads + path.sep) ? file : undefined;
  }
  async function fetchFromStore(relativePath: string, file: string): Promise<boolean> {
    const bytes = await store?.get(`uploads/${relativePath.split(path.sep).join("/")}`);
    if (!bytes) return false;
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    return true;
  }

  async function render(source: string, target: string, kind: Derived) {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    const sharp = await loadSharp();
    if (typeof kind === "string" && kind !== "preview") {
      // The whole logo on its own background colour, never cropped; a maskable icon keeps it inside
      // the middle 60% (the launcher's mask may cut anything outside a circle of 80%).
      const size = kind === "icon-192" ? 192 : 512;
      const inner = Math.round(size * (kind === "maskable-512" ? 0.6 : 0.86));
      const background = await colourOf(source);
      const pad = Math.floor((size - inner) / 2);
      await sharp(source, { density: 300 })
        .resize({ width: inner, height: inner, fit: "contain", background })
        .flatten({ background })
        .extend({ top: pad, left: pad, bottom: size - inner - pad, right: size - inner - pad, background })
        .png()
        .toFile(tmp);
    } else if (kind === "preview")
      // The whole picture on white, never cropped: a product photo keeps the product in view.
      await sharp(source, { density: 144 })
        .resize({ ...PREVIEW, fit: "contain", background: "#ffffff" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toFile(tmp);
    else
      await sharp(source, { density: 144 })
        .resize({ width: kind, withoutEnlargement: false })
        .webp({ quality: 78, effort: 4 })
        .toFile(tmp);
    await fs.rename(tmp, target);
    return target;
  }

  /** An image's most common colour on white (a logo's background), as #rrggbb. */
  async function colourOf(source: string): Promise<string> {
    const sharp = await loadSharp();
    const { dominant } = await sharp(source, { density: 72 }).flatten({ background: "#ffffff" }).stats();
    return `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  }

  /** A derived file (a size, the preview, an app icon) of an upload, rendered once and then served from the cache. */
  async function derived(relativePath: string, kind: Derived): Promise<string | undefined> {
    const source = path.resolve(uploads, relativePath);
    if (!source.startsWith(uploads + path.sep) || !IMAGE_FILE.test(source)) return undefined;
    const rel = path.relative(uploads, source);
    const target =
      kind === "preview"
        ? path.join(cacheDir, "og", `${rel}.jpg`)
        : typeof kind === "string"
          ? path.join(cacheDir, kind, `${rel}.png`)
          : path.join(cacheDir, String(kind), `${rel}.webp`);
    if (!(await files.ensureLocal(rel))) return undefined;
    const [src, out] = await Promise.all([fs.stat(source).catch(() => undefined), fs.stat(target).catch(() => undefined)]);
    if (!src) return undefined;
    if (out && out.mtimeMs >= src.mtimeMs) return target;
    // Concurrent first requests for one file share one rendering.
    let job = inFlight.get(target);
    if (!job) {
      job = render(source, target, kind).finally(() => inFlight.delete(target));
      inFlight.set(target, job);
    }
    return job;
  }

  const files = {
    /** Makes an upload present on this instance (from the object store when needed); false when there is none. */
    async ensureLocal(relativePath: string): Promise<boolean> {
      const file = localPath(relativePath);
      if (!file) return false;
      if (
        await fs.stat(file).then(
          () => true,
          () => false,
        )
      )
        return true;
      if (!store) return false;
      let job = fetching.get(file);
      if (!job) {
        job = fetchFromStore(relativePath, file).finally(() => fetching.delete(file));
        fetching.set(file, job);
      }
      return job;
    },
    /** Keeps a new upload in the object store (a no-op without one). */
    async persist(relativePath: string, contentType: string) {
      const file = localPath(relativePath);
      if (!store || !file) return;
      await store.put(`uploads/${relativePath}`, await fs.readFile(file), contentType);
    },
  };

  return {
    ...files,
    /** The resized file's path, or undefined when the original does not exist or is not allowed. */
    async resized(relativePath: string, width: number): Promise<string | undefined> {
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return undefined;
      return derived(relativePath, width);
    },
    /** The upload as a 1200×630 JPEG link preview (any source format), or undefined. */
    preview: (relativePath: string) => derived(relativePath, "preview"),
    /** The upload (a logo) as a square PNG home-screen icon, or undefined. */
    appIcon: (relativePath: string, kind: AppIcon) => derived(relativePath, kind),
    /** The upload's most common colour (#rrggbb), or undefined when it is missing or not an image. */
    async colour(relativePath: string): Promise<string | undefined> {
      const file = localPath(relativePath);
      if (!file || !IMAGE_FILE.test(file) || !(await files.ensureLocal(relativePath))) return undefined;
      return colourOf(file).catch(() => undefined);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
