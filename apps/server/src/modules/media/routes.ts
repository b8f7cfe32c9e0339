import { createReadStream } from "node:fs";
import { z } from "@shop/contract";
import { binary } from "@shop/contract/responses";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.js";
import type { MediaService } from "./service.js";

export function mediaRoutes(media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/img/:width/uploads/*",
      {
        schema: {
          params: z.object({ width: z.coerce.number().int(), "*": z.string().max(300) }),
          response: binary("image/webp", "the uploaded image resized to the width"),
        },
      },
      async (req, reply) => {
        const file = await media.resized(req.params["*"], req.params.width);
        if (!file) throw notFound("IMAGE_NOT_FOUND", "找不到此圖片");
        return reply
          .type("image/webp")
          .header("cache-control", "public, max-age=604800, stale-while-revalidate=86400")
          .send(createReadStream(file));
      },
    );
  };
}
