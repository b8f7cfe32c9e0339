import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { createInstallableShop } from "../flows/installable-shop/installable-shop.js";
import { installableShopRoutes } from "../flows/installable-shop/routes.js";
import { createS3Store } from "../integrations/object-store.js";
import type { Config } from "../lib/config/index.js";
import { mediaRoutes } from "../modules/media/routes.js";
import type { createMediaService } from "../modules/media/service.js";
import { safeDecode } from "./web-serving.js";

export function objectStoreOf(config: Config) {
  if (!config.S3_BUCKET) return undefined;
  return createS3Store({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
}

/** Uploaded and generated images (demo data), their resized copies, and the shops' home-screen icons. */
export async function registerFiles(
  app: FastifyInstance,
  config: Config,
  media: ReturnType<typeof createMediaService>,
  objectStore: ReturnType<typeof objectStoreOf>,
  shopInfo: Parameters<typeof createInstallableShop>[0]["shopInfo"],
) {
  // Uploaded and generated images (demo data), in their own scope so @fastify/static
  // can be registered again by the web build below.
  const uploadsDir = path.join(config.dataDir, "uploads");
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(async (scope) => {
    // A file another instance received is fetched from the object store before it is served.
    if (objectStore)
      scope.addHook("onRequest", async (req) => {
        if (!req.url.startsWith("/uploads/")) return;
        const relative = safeDecode(req.url.slice("/uploads/".length).split("?")[0] ?? "");
        if (relative) await media.ensureLocal(relative);
      });
    await scope.register(fastifyStatic, {
      root: uploadsDir,
      prefix: "/uploads/",
      decorateReply: false,
      maxAge: "7d",
      index: false,
    });
  });

  await app.register(mediaRoutes(media));
  // Each shop on a phone's home screen: its manifest and icons made from its logo (decision 108).
  await app.register(installableShopRoutes(createInstallableShop({ shopInfo, media })));
}
