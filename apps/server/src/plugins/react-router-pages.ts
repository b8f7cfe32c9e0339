import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { SsrContext } from "@shop/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { DevWeb } from "./dev-web.js";

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
  options: { buildDir: string; loadContext: (request: FastifyRequest) => SsrContext; dev?: DevWeb },
) {
  if (options.dev) return devPages(scope, options.dev, options.loadContext);
  const buildDir = path.resolve(options.buildDir);
  const clientDir = path.join(buildDir, "client");
  const assetDir = path.join(clientDir, "assets");
  const serviceWorker = path.join(clientDir, "sw.js");
  const serverBuild = path.join(buildDir, "server", "index.js");
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");

  await scope.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    // One route per file, made at start: an unknown path falls through to the pages below.
    wildcard: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(res, file) {
      // The service worker (decision 108) is checked for a new version on every visit, past any CDN.
      const cache = file.startsWith(assetDir) ? ASSET_CACHE : file === serviceWorker ? "no-cache" : FILE_CACHE;
      res.setHeader("cache-control", cache);
    },
  });

  await scope.register(async (pages) => {
    // No storefront route has a server action (forms use client actions), so a page is only ever
    // read: other methods are refused here, their bodies never parsed or read.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    pages.all("*", async (request, reply) => {
      if (request.method !== "GET" && request.method !== "HEAD")
        return reply.code(405).header("allow", "GET, HEAD").type("text/plain; charset=utf-8").send("此頁面不接受這種請求");
      // The address React Router renders must be the one the page cache files the answer under
      // (request.url): a Host header that is not a plain host[:port] could move the path.
      if (!PLAIN_HOST.test(request.host) || request.originalUrl[0] !== "/")
        return reply.code(400).type("text/plain; charset=utf-8").send("無效的請求位址");
      const { response, body } = await render(handle, request, reply, options.loadContext);
      reply.status(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      return reply.send(body);
    });
  });
}

/** A page through React Router, with its body as one buffer. */
async function render(
  handle: ReturnType<typeof createRequestHandler>,
  request: FastifyRequest,
  reply: FastifyReply,
  loadContext: (request: FastifyRequest) => SsrContext,
): Promise<{ response: Response; body: Buffer | string }> {
  // React Router matches paths whatever their case, so /EN/ would render the English routes in
  // Chinese (the language is read from the lower-case segment): it goes to its one address.
  const language = LANGUAGE_SEGMENT.exec(request.originalUrl);
  if (language && language[0] !== language[0].toLowerCase()) {
    const location = `${language[0].toLowerCase()}${request.originalUrl.slice(language[0].length)}`;
    return { response: new Response(null, { status: 301, headers: { location } }), body: "" };
  }
  let taken: { document: Uint8Array; response: Response } | undefined;
  const context: SsrContext = {
    ...loadContext(request),
    takeDocument(document, response) {
      taken = { document, response };
    },
  };
  const response = await handle(webRequest(request, reply), context);
  // A page the entry rendered whole hands its bytes over beside the body-less Response it
  // answers with; any other answer (HEAD, .data, a redirect) carries its own body.
  const body =
    taken?.response === response
      ? Buffer.from(taken.document.buffer, taken.document.byteOffset, taken.document.byteLength)
      : response.body === null
        ? ""
        : Buffer.from(await response.arrayBuffer());
  return { response, body };
}

/**
 * npm run dev: Vite answers what it serves (modules, styles, HMR) and each page renders from the
 * build Vite compiles now, so an edited component shows on the next load (or at once, by HMR).
 * The answer is written by hand: Vite writes to the raw response, so Fastify lets go of it first.
 */
async function devPages(scope: FastifyInstance, dev: DevWeb, loadContext: (request: FastifyRequest) => SsrContext) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  scope.all("*", async (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    const forPages = await new Promise<boolean>((resolve) => {
      raw.once("close", () => resolve(false));
      dev.middlewares(request.raw, raw, () => resolve(true));
    });
    if (!forPages || raw.writableEnded) return;
    try {
      const handle = createRequestHandler(await dev.load(), "development");
      const { response, body } = await render(handle, request, reply, loadContext);
      raw.statusCode = response.status;
      for (const [name, value] of response.headers) raw.appendHeader(name, value);
      raw.end(body);
    } catch (error) {
      request.log.error({ err: error }, "dev page failed");
      raw.statusCode = 500;
      raw.setHeader("content-type", "text/plain; charset=utf-8");
      raw.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
  });
}

/** A storefront path's language segment, any case: `/en`, `/shop_2/EN` (then `/`, `?`, `#` or the end). */
const LANGUAGE_SEGMENT = /^(?:\/shop_\d+)?\/en(?=[/?#]|$)/i;

/** host, host:port or [IPv6]:port (underscores too: container names); an HTTP/1.0 request without a Host has an empty one. */
const PLAIN_HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::\d{1,5})?$/;

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
  return new Request(`${request.protocol}://${request.host}${request.originalUrl}`, {
    method: request.method,
    headers,
    signal: controller.signal,
  });
}
