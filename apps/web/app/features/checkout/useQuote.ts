import type { PayInfo } from "@shop/contract/order";
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult } from "../member/member-read";
import type { QuoteAnswer, QuoteRequest } from "./checkout-data";

/** The quote's fetcher, shared by key: the 優惠碼 field checks a code against the last quote's inputs. */
export const QUOTE_FETCHER = "checkout-quote";

type Shown = { info: PayInfo | null; error: string | null; quoted: string | null };

/**
 * The amounts for the form as it stands, through the checkout's clientAction: asked for 250 ms
 * after the last change. One fetcher carries them, so a newer question cancels an older one and a
 * late answer for an older form never overwrites a newer one. The last good quote stays on screen
 * beside a refusal; `quoting` holds ordering back until the amounts shown are for this form.
 */
export function useQuote(fast: boolean, body: string) {
  const quoter = useFetcher<QuoteAnswer>({ key: QUOTE_FETCHER });
  const [shown, setShown] = useState<Shown>({ info: null, error: null, quoted: null });
  const { submit } = quoter;

  const requote = useCallback(
    () =>
      submit({ intent: "quote", fast, quote: body } satisfies QuoteRequest, {
        method: "post",
        encType: "application/json",
        // A quote changes nothing: no page or fetcher reads again after it.
        defaultShouldRevalidate: false,
      }),
    [submit, fast, body],
  );

  useEffect(() => {
    const timer = setTimeout(() => void requote(), 250);
    return () => clearTimeout(timer);
  }, [requote]);

  useActionResult(quoter.data, (r) => setShown((s) => ({ info: r.info ?? s.info, error: r.error, quoted: r.quoted })));
  // Queued in a 限時搶購 rush (429): the message shows, and the same quote is asked again in a moment
  // (each queued answer is a new object, so a second 429 schedules the next try).
  const queued = quoter.state === "idle" && quoter.data?.queued && quoter.data.quoted === body ? quoter.data : null;
  useEffect(() => {
    if (!queued) return;
    const timer = setTimeout(() => void requote(), 1000 + Math.floor(Math.random() * 500));
    return () => clearTimeout(timer);
  }, [queued, requote]);

  return { info: shown.info, quoteError: shown.error, quoting: shown.quoted !== body, requote };
}
