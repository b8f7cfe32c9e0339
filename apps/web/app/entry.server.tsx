import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import "./context";
import { pageLanguage, withPageMessages } from "./i18n/page-messages.server";
import { pathInLang, provideRenderingEnglish, type Translator, TranslatorContext } from "./i18n/runtime";
import { readHandoff, renderWholeDocument } from "./whole-document";

export const streamTimeout = 5_000;

/**
 * The English translator of the render in progress, for route `meta` functions (they translate
 * through `translate`, no hooks there): the stream renderer continues a render later, between
 * other requests' renders, and AsyncLocalStorage follows it there (decision 109).
 */
const rendering = new AsyncLocalStorage<Translator>();
provideRenderingEnglish(() => rendering.getStore());

/**
 * Where React writes the finished document: its chunks kept and joined once at the end. React's
 * pipe needs only write/end and the drain/error/close events of a Node stream; a PassThrough
 * turned into a web stream cost every chunk (React writes 4 KB ones) several stream hops and
 * promises. React never writes into a chunk it has handed over, so keeping them is safe.
 */
class DocumentSink extends EventEmitter {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;
  constructor(
    private readonly done: (document: Uint8Array<ArrayBuffer>) => void,
    private readonly failed: (error: unknown) => void,
  ) {
    super();
  }
  write(chunk: Uint8Array | string): boolean {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    this.chunks.push(bytes);
    this.size += bytes.byteLength;
    return true;
  }
  end(): void {
    this.done(Buffer.concat(this.chunks, this.size));
  }
  /** React's answer to a failure while it writes (a PassThrough would have errored). */
  destroy(error?: unknown): void {
    this.failed(error ?? new Error("the page's render stopped"));
  }
}

/**
 * React Router's Node entry, plus the CSP nonce on every inline script it writes. The page is
 * rendered in one synchronous pass to a string (decision 68); a page where something suspends or
 * fails goes through React's stream renderer, which waits for it or reports the error.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return (await renderPage(request, responseStatusCode, responseHeaders, routerContext, loadContext)).response;
}

/** The page, and whether it was rendered in one pass (the end-to-end tests check that it was). */
export async function renderPage(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<{ response: Response; whole: boolean }> {
  const handoff = await readHandoff(routerContext);
  const language = pageLanguage(request.url);
  const rendered = handoff.complete
    ? rendering.run(language.translator, () =>
        renderWholeDocument(
          <TranslatorContext.Provider value={language.translator}>
            <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />
          </TranslatorContext.Provider>,
        ),
      )
    : undefined;
  const html = rendered === undefined ? undefined : withPageMessages(rendered, language.script(loadContext.nonce));
  if (html === undefined) {
    const context = handoff.contextForStream();
    const response = await streamDocument(request, responseStatusCode, responseHeaders, context, loadContext);
    return { response, whole: false };
  }
  setDocumentHeaders(responseHeaders, request, loadContext, responseStatusCode);
  const document = Buffer.from(html);
  const init = { headers: responseHeaders, status: responseStatusCode };
  if (!loadContext.takeDocument) return { response: new Response(document, init), whole: true };
  // The server sends the bytes itself: a Response body would copy them into a web stream to read back.
  const response = new Response(null, init);
  loadContext.takeDocument(document, response);
  return { response, whole: true };
}

function setDocumentHeaders(headers: Headers, request: Request, context: AppLoadContext, status: number) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Vary", "User-Agent");
  if (status === 200) headers.set("Link", languageAlternates(request, context));
}

/**
 * The page in each language for search engines (`x-default`: the Chinese one), as an HTTP `Link`
 * header — one of the three ways Google reads hreflang — rather than `<link>` tags the browser's
 * first-load script would have to render again (decision 109).
 */
function languageAlternates(request: Request, context: AppLoadContext): string {
  const url = new URL(request.url);
  const origin = context.origin ?? url.origin;
  const zh = `${origin}${pathInLang(url.pathname, "zh-TW")}${url.search}`;
  const en = `${origin}${pathInLang(url.pathname, "en")}${url.search}`;
  return `<${zh}>; rel="alternate"; hreflang="zh-Hant-TW", <${en}>; rel="alternate"; hreflang="en", <${zh}>; rel="alternate"; hreflang="x-default"`;
}

/** The page through React's stream renderer: the fallback above, and what the tests compare it with. */
export function streamDocument(
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
    const language = pageLanguage(request.url);
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const errorsBeforeReady: unknown[] = [];

    const page = (
      <TranslatorContext.Provider value={language.translator}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslatorContext.Provider>
    );
    const { pipe, abort } = rendering.run(language.translator, () =>
      renderToPipeableStream(page, {
        nonce,
        // No boundary is moved out of place to be swapped in later (see above).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          for (const error of errorsBeforeReady) console.error(error);
          clearTimeout(timeout);
          setDocumentHeaders(responseHeaders, request, loadContext, responseStatusCode);
          // Everything is ready: pipe writes the whole document and ends at once.
          pipe(
            new DocumentSink((document) => {
              const script = language.script(nonce);
              const body = script ? withPageMessages(Buffer.from(document).toString(), script) : document;
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            }, reject) as unknown as NodeJS.WritableStream,
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error inside a boundary is reported here before the page is ready, and a shell's
          // error too (React Router logs that one when the promise is rejected): kept until the
          // page is ready, so each is logged once.
          if (shellRendered) console.error(error);
          else errorsBeforeReady.push(error);
        },
      }),
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
