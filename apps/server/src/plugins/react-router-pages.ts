import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { SsrContext } from "@shop/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";

// What @mcansh/remix-fastify set (pretty-cache-header's "1 year" is 365.25 days).
const ASSET_CACHE = "public, max-age=31557600, immutable";
const FILE_CACHE = "public, max-age=3600";

/**
 * The storefront's built files and its pages through React Router (decision 69): the build's
 * client files from disk, every other path to React Router's request handler. A page's answer is
 * complete when React Router returns it (decision 68), so it is sent as one buffer: the entry hands
 * a page rendered whole over as bytes (`takeDocument`), anything else is read from its body. The
 * adapter this replaces turned every answer into a web stream and then a Node stream, which the
 * page cache read back into one buffer.
 */
export async function reactRouterPages(
  scope: FastifyInstance,
  options: { buildDir: string; loadContext: (request: FastifyRequest) => SsrContext },
) {
  const buildDir = path.resolve(options.buildDir);
  const clientDir = path.join(buildDir, "client");
  const assetDir = path.join(clientDir, "assets");
  const serverBuild = path.join(buildDir, "server", "index.js");
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");

  await scope.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    // One route per file, made at start: an unknown path falls through to the pages below.
    wildcard: false,
    cacheControl: false,
    dotfiles: "allow",
    etag: true,
    lastModified: true,
    setHeaders(res, file) {
      res.setHeader("cache-control", file.startsWith(assetDir) ? ASSET_CACHE : FILE_CACHE);
    },
  });

  await scope.register(async (pages) => {
    // React Router reads a form's body itself.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    pages.all("*", async (request, reply) => {
      let document: Uint8Array | undefined;
      const context: SsrContext = {
        ...options.loadContext(request),
        takeDocument(bytes: Uint8Array) {
          document = bytes;
        },
      };
      const response = await handle(webRequest(request, reply), context);
      reply.status(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      if (response.body !== null) return reply.send(Buffer.from(await response.arrayBuffer()));
      // A page the entry rendered whole hands its bytes over beside a body-less Response.
      return reply.send(document ? Buffer.from(document.buffer, document.byteOffset, document.byteLength) : "");
    });
  });
}

/** The request as React Router takes it; its signal aborts when the visitor goes away first. */
function webRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.push([name, value]);
    else if (Array.isArray(value)) for (const one of value) headers.push([name, one]);
  }
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = Readable.toWeb(request.raw) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(`${request.protocol}://${request.host}${request.originalUrl}`, init);
}
