import { Writable } from "node:stream";
import fc from "fast-check";
import { createElement, Fragment, lazy, type ReactNode, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";
import { readHandoff, renderWholeDocument } from "./whole-document";

// The server renders a page to a string in one pass (decision 68) and must write what React's
// stream renderer writes once everything is ready (entry.server's fallback and the page's former
// render), or the browser's hydration would not match.

/** What entry.server's stream path writes: the whole document at onAllReady, nothing outlined. */
function streamed(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, {
      nonce: "n0nce",
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(sink),
      onShellError: reject,
    });
  });
}

const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("茶 & <b>", '"q"', "a\u00a0b", ""), fc.integer());
const attributes = fc.record(
  {
    className: fc.constantFrom("a", "b c", ""),
    id: fc.stringMatching(/^[a-z]{1,4}$/),
    "data-x": fc.oneof(fc.string({ maxLength: 4 }), fc.boolean()),
    hidden: fc.boolean(),
    style: fc.constantFrom({ color: "red" }, { marginTop: 4 }),
    "aria-label": fc.string({ maxLength: 4 }),
  },
  { requiredKeys: [] },
);
// Everything a page writes: elements, text beside text, fragments, lists, nothing, Suspense
// boundaries, and what React moves into <head> (title, meta, link) or preloads (images).
const { node } = fc.letrec<{ node: ReactNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.constantFrom(null, false, true),
    fc
      .tuple(
        fc.constantFrom("div", "span", "p", "ul", "li", "a", "button", "section"),
        attributes,
        fc.array(tie("node"), { maxLength: 4 }),
      )
      .map(([tag, props, children]) => createElement(tag, props, ...children)),
    fc.array(tie("node"), { maxLength: 4 }).map((children) => createElement(Fragment, null, ...children)),
    fc.array(tie("node"), { maxLength: 3 }).map((children) => createElement(Suspense, { fallback: "…" }, ...children)),
    fc.constantFrom(
      <title key="t">茶山好物</title>,
      <meta key="m" name="description" content="好茶" />,
      <link key="l" rel="canonical" href="https://shop.test/x" />,
      <img key="i" src="/uploads/a.webp" alt="茶" width={10} height={10} />,
      <img key="h" src="/uploads/b.webp" alt="" fetchPriority="high" />,
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, as React Router's inline scripts
      <script key="s" nonce="n" dangerouslySetInnerHTML={{ __html: "window.x=1" }} />,
    ),
  ),
}));

const NotLoaded = lazy(() => new Promise<{ default: () => ReactNode }>(() => {}));
const pending = new Promise<string>(() => {});
function Waits() {
  return <p>{use(pending)}</p>;
}
function Throws(): ReactNode {
  throw new Error("broken");
}

function documentOf(body: ReactNode): ReactNode {
  return (
    <html lang="zh-Hant-TW">
      <head>
        <meta charSet="utf-8" />
      </head>
      <body>{body}</body>
    </html>
  );
}

describe("the page rendered in one pass", () => {
  test("is what the stream renderer writes, for documents and for fragments", async () => {
    await fc.assert(
      fc.asyncProperty(node, fc.boolean(), async (body, asDocument) => {
        const element = asDocument ? documentOf(body) : <div>{body}</div>;
        expect(renderWholeDocument(element)).toBe(await streamed(element));
      }),
      { numRuns: 300 },
    );
  });

  test("is left to the stream renderer when something suspends or fails", () => {
    const cases = [
      <Suspense key="a" fallback="…">
        <NotLoaded />
      </Suspense>,
      <Suspense key="b" fallback={null}>
        <Waits />
      </Suspense>,
      <Suspense key="c" fallback={null}>
        <Throws />
      </Suspense>,
      <Throws key="d" />,
      <NotLoaded key="e" />,
      // React writes a script of its own for a form whose action is a function.
      <form key="f" action={async () => {}}>
        <button type="submit">送出</button>
      </form>,
    ];
    for (const body of cases) expect(renderWholeDocument(documentOf(body))).toBeUndefined();
  });

  test("a lazy module once loaded renders in one pass", async () => {
    const Loaded = lazy(async () => ({ default: () => <p>好茶</p> }));
    const element = documentOf(
      <Suspense fallback="…">
        <Loaded />
      </Suspense>,
    );
    expect(renderWholeDocument(element)).toBeUndefined();
    await streamed(element);
    expect(renderWholeDocument(element)).toBe(await streamed(element));
  });
});

describe("the loader data handed to the browser", () => {
  /** A context with only what readHandoff reads: the data stream, in chunks, and renderMeta. */
  function contextWith(chunks: Uint8Array[], error?: Error): EntryContext {
    let next = 0;
    const serverHandoffStream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[next++];
        if (chunk) controller.enqueue(chunk);
        else if (error) controller.error(error);
        else controller.close();
      },
    });
    return { serverHandoffStream, renderMeta: {} } as unknown as EntryContext;
  }
  async function readAll(stream: ReadableStream<Uint8Array> | undefined): Promise<string> {
    let text = "";
    const decoder = new TextDecoder();
    const reader = stream?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      text += decoder.decode(part.value, { stream: true });
    }
    return text + decoder.decode();
  }
  const data = '[{"_1":2},"商品","阿里山金萱烏龍"]\n';
  const bytes = new TextEncoder().encode(data);
  // Split inside a three-byte character, as a stream may.
  const cut = bytes.indexOf(0xe5) + 1;

  test("is read to its end and left as one settled chunk, then the end", async () => {
    const context = contextWith([bytes.slice(0, cut), bytes.slice(cut)]);
    const handoff = await readHandoff(context);
    expect(handoff.complete).toBe(true);
    const cache = context.renderMeta?.streamCache;
    expect(cache?.[0]?.result).toEqual({ done: false, value: data });
    expect(cache?.[1]?.result).toEqual({ done: true, value: "" });
    await expect(cache?.[0]).resolves.toBeUndefined();
  });

  test("a render by the stream after the pass gets the same data on a stream of its own", async () => {
    const context = contextWith([bytes.slice(0, cut), bytes.slice(cut)]);
    const handoff = await readHandoff(context);
    // The pass's router takes a reader of the real stream and never lets it go.
    context.serverHandoffStream?.getReader();
    const again = handoff.contextForStream();
    expect(again.renderMeta).toBe(context.renderMeta);
    expect(await readAll(again.serverHandoffStream)).toBe(data);
    // Each render gets its own.
    expect(await readAll(handoff.contextForStream().serverHandoffStream)).toBe(data);
  });

  test("data that ends in an error is not settled: the stream render gets what came and the error", async () => {
    const context = contextWith([bytes.slice(0, cut)], new Error("Server Timeout"));
    const handoff = await readHandoff(context);
    expect(handoff.complete).toBe(false);
    expect(context.renderMeta?.streamCache).toBeUndefined();
    const reader = handoff.contextForStream().serverHandoffStream?.getReader();
    expect((await reader?.read())?.value).toEqual(bytes.slice(0, cut));
    await expect(reader?.read()).rejects.toThrow("Server Timeout");
  });

  test("a page without data, or one already read, is left alone", async () => {
    const none = { renderMeta: {} } as unknown as EntryContext;
    expect((await readHandoff(none)).complete).toBe(true);
    expect(none.renderMeta?.streamCache).toBeUndefined();
    const read = contextWith([new TextEncoder().encode("x")]);
    const kept = {};
    (read.renderMeta as { streamCache?: object }).streamCache = kept;
    await readHandoff(read);
    expect(read.renderMeta?.streamCache).toBe(kept);
  });
});
