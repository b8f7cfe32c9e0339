import { createReadStream } from "node:fs";
import { z } from "@shop/contract";
import { binary } from "@shop/contract/responses";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.js";
import type { MediaService } from "./service.js";

const send = (reply: FastifyReply, type: string, file: string | undefined) => {
  if (!file) throw notFound("IMAGE_NOT_FOUND", "找不到此圖片");
  return reply
    .type(type)
    .header("cache-control", "public, max-age=604800, stale-while-revalidate=86400")
    .send(createReadStream(file));
};

export function mediaRoutes(media: MediaService): FastifyPluginAsyncZod {
  return async (app) => {
    // Link previews: LINE, Facebook and X fetch og:image from here.
    app.get(
      "/og/uploads/*",
      {
        schema: {
          // `/og/uploads/<upload>.jpg`: the extension tells crawlers what they get, whatever the source was.
          params: z.object({
            "*": z
              .string()
              .max(300)
              .regex(/\.jpg$/, { error: "找不到此圖片" }),
          }),
          response: binary("image/jpeg", "the uploaded image as a 1200×630 JPEG link preview"),
        },
      },
      async (req, reply) => send(reply, "image/jpeg", await media.preview(req.params["*"].slice(0, -".jpg".length))),
    );
    app.get(
      "/img/:width/uploads/*",
      {
        schema: {
          params: z.object({ width: z.coerce.number().int(), "*": z.string().max(300) }),
          response: binary("image/webp", "the uploaded image resized to the width"),
        },
      },
      async (req, reply) => send(reply, "image/webp", await media.resized(req.params["*"], req.params.width)),
    );
  };
}
