import { Writable } from "node:stream";
import fc from "fast-check";
import { createElement, Fragment, lazy, type ReactNode, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";
import { renderWholeDocument, settleHandoff } from "./whole-document";

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
  /** A context with only what settleHandoff reads: the data stream, in chunks, and renderMeta. */
  function contextWith(chunks: Uint8Array[]): EntryContext {
    const serverHandoffStream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    return { serverHandoffStream, renderMeta: {} } as unknown as EntryContext;
  }

  test("is read to its end and left as one settled chunk, then the end", async () => {
    const bytes = new TextEncoder().encode('[{"_1":2},"商品","阿里山金萱烏龍"]\n');
    // Split inside a three-byte character, as a stream may.
    const cut = bytes.indexOf(0xe5) + 1;
    const context = contextWith([bytes.slice(0, cut), bytes.slice(cut)]);
    await settleHandoff(context);
    const cache = context.renderMeta?.streamCache;
    expect(cache?.[0]?.result).toEqual({ done: false, value: '[{"_1":2},"商品","阿里山金萱烏龍"]\n' });
    expect(cache?.[1]?.result).toEqual({ done: true, value: "" });
    await expect(cache?.[0]).resolves.toBeUndefined();
  });

  test("a page without data, or one already read, is left alone", async () => {
    const none = { renderMeta: {} } as unknown as EntryContext;
    await settleHandoff(none);
    expect(none.renderMeta?.streamCache).toBeUndefined();
    const read = contextWith([new TextEncoder().encode("x")]);
    const kept = {};
    (read.renderMeta as { streamCache?: object }).streamCache = kept;
    await settleHandoff(read);
    expect(read.renderMeta?.streamCache).toBe(kept);
  });
});
