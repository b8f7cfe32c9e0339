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

/** The loader data for the browser, read before rendering. */
export interface Handoff {
  /** Read to its end and left for `StreamTransfer`: the page can be rendered in one pass. */
  complete: boolean;
  /**
   * The context for rendering the page by the stream instead, with the data on a stream of its
   * own that replays what was read (and the error that ended it, if one did): the real stream is
   * spent, and a pass that did not finish still holds a reader of it.
   */
  contextForStream(): EntryContext;
}

/**
 * Reads the loader data React Router hands to the browser (turbo-stream) to its end and leaves it
 * where its `StreamTransfer` looks for each chunk it has read, so rendering it does not suspend.
 * One chunk holds it all; the browser concatenates the chunks it is given, so it reads the same.
 */
export async function readHandoff(context: EntryContext): Promise<Handoff> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta;
  if (!stream || !meta || meta.streamCache) return { complete: true, contextForStream: () => context };
  const chunks: Uint8Array[] = [];
  let failure: { error: unknown } | undefined;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch (error) {
    failure = { error };
  } finally {
    reader.releaseLock();
  }
  const contextForStream = (): EntryContext => ({ ...context, serverHandoffStream: replay(chunks, failure) });
  if (failure) return { complete: false, contextForStream };
  const decoder = new TextDecoder();
  let text = "";
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  text += decoder.decode();
  meta.streamCache = { 0: settled({ done: false, value: text }), 1: settled({ done: true, value: "" }) };
  return { complete: true, contextForStream };
}

/** The chunks again, one per read, then the end or the error (an error set at once would drop them). */
function replay(chunks: Uint8Array[], failure: { error: unknown } | undefined): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk) controller.enqueue(chunk);
      else if (failure) controller.error(failure.error);
      else controller.close();
    },
  });
}

function settled(result: { done: boolean; value: string }) {
  return Object.assign(Promise.resolve(), { result });
}

/**
 * True when the output holds an inline script React wrote itself (`<script>` or `<script id=…>`,
 * e.g. the form-action replay): the string renderer takes no nonce, so the page's CSP would block
 * it; the stream renderer writes it with the nonce. The page's own scripts always carry attributes
 * of their own first (nonce, type).
 */
function hasReactInlineScript(html: string): boolean {
  for (let at = html.indexOf("<script"); at >= 0; at = html.indexOf("<script", at + 7)) {
    const next = html.charCodeAt(at + 7);
    if (next === 62 /* > */ || html.startsWith(' id="', at + 7)) return true;
  }
  return false;
}

/**
 * The document as React's stream renderer would write it once everything is ready, or undefined
 * when something suspended or failed, or React wrote a script of its own: then the caller renders
 * it by the stream, which waits for it, reports the error or gives the script its nonce.
 */
export function renderWholeDocument(element: ReactNode): string | undefined {
  let html: string;
  try {
    html = renderToString(element);
  } catch {
    return undefined;
  }
  if (html.includes(LEFT_TO_THE_BROWSER) || hasReactInlineScript(html)) return undefined;
  // The stream renderer writes the doctype before a document's <html>; the string one does not.
  return html.startsWith("<html>") || html.startsWith("<html ") ? `<!DOCTYPE html>${html}` : html;
}
