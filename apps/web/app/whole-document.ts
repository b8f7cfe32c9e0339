import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

/**
 * The page in one synchronous pass (decision 68). Once the loaders have finished, a page has
 * nothing left to wait for, and React's string renderer appends its pieces to one string, where
 * the stream renderer encodes every small piece into bytes on its own (a fifth of the render).
 * Both write the same markup for a tree that does not suspend (tested on generated trees and on
 * the shop's pages).
 */

/**
 * How React marks a boundary it left to the browser: something in it suspended (a lazy module
 * not loaded yet) or threw. The string renderer writes its fallback there; the stream renderer
 * would have waited for it or reported the error, so such a page is rendered by the stream.
 */
const LEFT_TO_THE_BROWSER = "<!--$!";

/**
 * Reads the loader data React Router hands to the browser (turbo-stream) to its end and leaves it
 * where its `StreamTransfer` looks for each chunk it has read, so rendering it does not suspend.
 * One chunk holds it all; the browser concatenates the chunks it is given, so it reads the same.
 */
export async function settleHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta;
  if (!stream || !meta || meta.streamCache) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } finally {
    reader.releaseLock();
  }
  meta.streamCache = { 0: settled({ done: false, value: text }), 1: settled({ done: true, value: "" }) };
}

function settled(result: { done: boolean; value: string }) {
  return Object.assign(Promise.resolve(), { result });
}

/**
 * The context for rendering the page again by the stream after a pass that did not finish: that
 * pass's router took a reader of the handoff stream and still holds it, so the second render gets
 * a closed one of its own (it reads the settled chunks, never the stream).
 */
export function contextForAnotherRender(context: EntryContext): EntryContext {
  if (!context.renderMeta?.streamCache) return context;
  return { ...context, serverHandoffStream: new ReadableStream<Uint8Array>({ start: (controller) => controller.close() }) };
}

/**
 * The document as React's stream renderer would write it once everything is ready, or undefined
 * when something suspended or failed: then the caller renders it by the stream, which waits for
 * it or reports the error as before.
 */
export function renderWholeDocument(element: ReactNode): string | undefined {
  let html: string;
  try {
    html = renderToString(element);
  } catch {
    return undefined;
  }
  if (html.includes(LEFT_TO_THE_BROWSER)) return undefined;
  // The stream renderer writes the doctype before a document's <html>; the string one does not.
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}
