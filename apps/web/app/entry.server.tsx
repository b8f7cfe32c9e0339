import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import "./context";

export const streamTimeout = 5_000;

/** React Router's Node entry, plus the CSP nonce on every inline script it writes. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The whole document at once, for everyone: the loaders have finished before rendering, so
    // there is nothing to stream, and with onShellReady React outlined the home's Suspense blocks
    // (kept so hydration yields between them) and swapped them in by script after the first
    // paint, moving everything below (Lighthouse CLS 0.367 on a phone). Crawlers need it whole too.
    const readyOption = "onAllReady";
    const nonce = loadContext.nonce;

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // No boundary is moved out of place to be swapped in later (see above).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Vary", "User-Agent");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
