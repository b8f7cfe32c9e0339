import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** Widths the storefront asks for (srcset); anything else is refused so the cache stays bounded. */
export const IMAGE_WIDTHS = [96, 160, 320, 480, 640, 960, 1280, 1600] as const;

/**
 * Responsive images: `/img/{width}/uploads/…` is the original under DATA_DIR/uploads resized to
 * that width as WebP, made once with sharp and then served from DATA_DIR/cache/img.
 */
export function createMediaService(dataDir: string) {
  const uploads = path.join(dataDir, "uploads");
  const cacheDir = path.join(dataDir, "cache", "img");
  const inFlight = new Map<string, Promise<string>>();

  async function render(source: string, target: string, width: number) {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await sharp(source, { density: 144 })
      .resize({ width, withoutEnlargement: false })
      .webp({ quality: 78, effort: 4 })
      .toFile(tmp);
    await fs.rename(tmp, target);
    return target;
  }

  return {
    /** The resized file's path, or undefined when the original does not exist or is not allowed. */
    async resized(relativePath: string, width: number): Promise<string | undefined> {
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return undefined;
      const source = path.resolve(uploads, relativePath);
      if (!source.startsWith(uploads + path.sep) || !/\.(png|jpe?g|webp|avif|gif|svg)$/i.test(source)) return undefined;
      const target = path.join(cacheDir, String(width), `${path.relative(uploads, source)}.webp`);
      const [src, out] = await Promise.all([fs.stat(source).catch(() => undefined), fs.stat(target).catch(() => undefined)]);
      if (!src) return undefined;
      if (out && out.mtimeMs >= src.mtimeMs) return target;
      // Concurrent first requests for one size share one rendering.
      let job = inFlight.get(target);
      if (!job) {
        job = render(source, target, width).finally(() => inFlight.delete(target));
        inFlight.set(target, job);
      }
      return job;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
