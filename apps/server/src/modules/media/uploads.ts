import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import { DomainError, unavailable } from "../../lib/errors.js";
import type { MediaService } from "./service.js";
import { loadSharp } from "./sharp.js";

const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "gif"]);
const MAX_SIDE = 2400;
/** A small file may decode to a huge bitmap: past 50 megapixels it is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Sizes made right away, so the storefront's first visitors never wait for a resize. */
const PREPARED_WIDTHS = [320, 640, 960] as const;

/**
 * Image uploads (staff's, and sellers' banners): whatever arrives is decoded by sharp (so only real
 * images pass), re-encoded as WebP without its metadata (no GPS from a phone photo), at most 2400 px
 * a side, and stored under uploads/<folder>/ by a random name; the common sizes are rendered at once.
 */
/** The longest side at most this many times the shortest. */
const MAX_ASPECT = 10;

export function createUploadService(dataDir: string, media: MediaService) {
  const root = path.join(dataDir, "uploads");
  return {
    /** `folder`: admin/ for staff, seller/<shop id>/ for a seller's banner. */
    async saveImage(file: MultipartFile, folder = "admin") {
      const buffer = await file.toBuffer().catch(() => {
        throw new DomainError("too_large", "IMAGE_TOO_LARGE", "圖片過大，請小於 8 MB");
      });
      const sharp = await loadSharp();
      // The header alone: no pixel is decoded here, so the size is read whatever it is and a
      // decompression bomb (a small file of a huge bitmap) is told apart from a file that is no image.
      const meta = await sharp(buffer, { limitInputPixels: false })
        .metadata()
        .catch(() => undefined);
      if (!meta?.format || !ACCEPTED.has(meta.format))
        throw new DomainError("unsupported_media", "IMAGE_FORMAT_UNSUPPORTED", "只接受 JPG、PNG、WebP、AVIF 或 GIF 圖片");
      const width = meta.width ?? 0;
      const height = meta.height ?? 0;
      // Too large a thing sent, as the 8 MB limit above: the same kind (413), fixed the same way.
      if (width * height > MAX_INPUT_PIXELS)
        throw new DomainError(
          "too_large",
          "IMAGE_DIMENSIONS_TOO_LARGE",
          `圖片尺寸過大（${width} × ${height} 像素），請縮小後再上傳（最大 ${(MAX_INPUT_PIXELS / 10_000).toLocaleString("zh-TW")} 萬像素）`,
        );
      // Every prepared width is made from it; a strip 1:200 would be 64,000 px tall at 320 wide, past
      // what WebP can hold (16,383), and the upload failed with a 500.
      if (Math.max(width, height) > MAX_ASPECT * Math.min(width, height))
        throw new DomainError(
          "invalid",
          "IMAGE_ASPECT_TOO_EXTREME",
          `圖片長寬比例過於懸殊（最多 1:${MAX_ASPECT}），請裁切後再上傳`,
        );
      const month = new Date().toISOString().slice(0, 7).replace("-", "");
      const relative = path.posix.join(folder, month, `${randomUUID()}.webp`);
      const target = path.join(root, relative);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const out = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(target);
      // The durable copy (S3 when configured): without it other instances could not serve the file.
      await media.persist(relative, "image/webp").catch(async () => {
        await fs.rm(target, { force: true });
        throw unavailable("IMAGE_STORAGE_FAILED", "圖片儲存失敗，請稍後再試");
      });
      await Promise.all(PREPARED_WIDTHS.map((w) => media.resized(relative, w)));
      return { url: `/uploads/${relative}`, width: out.width, height: out.height };
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
