import { useLingui } from "@lingui/react/macro";
import type { PayInfo } from "@shop/contract/order";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Field } from "../../ui/Field";
import { useActionResult } from "../member/member-read";
import type { QuoteAnswer, QuoteRequest } from "./checkout-data";
import type { Draft, SetDraftField } from "./draft";
import { useServerText } from "./server-text";
import { QUOTE_FETCHER } from "./useQuote";

/** As the server reads a code (contract: upper-cased, spaces removed). */
const normalized = (code: string) => code.toUpperCase().replace(/\s+/g, "");

/**
 * 優惠碼 (decision 92): a code typed and checked with 套用 before it joins the order. The check is
 * the page's last quote with the code added: refused (查無此優惠碼, 尚未開始, 已到期, 已被使用…) or
 * not applicable (已達使用上限, 未達門檻), its words show under the field and the order goes on
 * without it; accepted, it becomes the draft's code, the quote shows its discount line, and 移除
 * takes it off again. A typed code replaces a chosen coupon: one per order.
 */
export function CouponCodeField({ draft, set, info }: { draft: Draft; set: SetDraftField; info: PayInfo }) {
  const { t } = useLingui();
  const { say } = useServerText();
  const checker = useFetcher<QuoteAnswer>();
  const lastQuote = useFetcher<QuoteAnswer>({ key: QUOTE_FETCHER }).data?.quoted;
  const [typed, setTyped] = useState(draft.couponCode);
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState("");
  const applied = draft.couponCode;

  useActionResult(checker.data, (r) => {
    const rejected = r.info?.quote.coupon_rejected ?? r.error;
    setMessage(rejected && say("coupon", rejected));
    if (!rejected) {
      set("couponId", "");
      set("couponCode", checking);
    }
  });

  function apply() {
    const code = normalized(typed);
    if (!code) return setMessage(t`請輸入優惠碼`);
    if (code.length > 40) return setMessage(t`優惠碼過長`);
    if (!lastQuote) return;
    const { coupon_id: _chosen, ...body } = JSON.parse(lastQuote) as Record<string, unknown>;
    setChecking(code);
    setMessage(null);
    void checker.submit(
      {
        intent: "quote",
        fast: "variant_id" in body,
        quote: JSON.stringify({ ...body, coupon_code: code }),
      } satisfies QuoteRequest,
      { method: "post", encType: "application/json", defaultShouldRevalidate: false },
    );
  }

  function remove() {
    set("couponCode", "");
    setTyped("");
    setMessage(null);
  }

  // A code accepted earlier that the quote no longer applies (the cart changed, or it ran out).
  const stale = applied && info.quote.coupon_rejected && say("coupon", info.quote.coupon_rejected);
  const busy = checker.state !== "idle";
  return (
    <Field
      id="coupon-code"
      label={t`優惠碼`}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      placeholder={t`輸入優惠碼`}
      value={applied || typed}
      readOnly={!!applied}
      onChange={(e) => {
        setTyped(e.target.value);
        setMessage(null);
      }}
      onKeyDown={(e) => {
        if (e.key !== "Enter") return;
        e.preventDefault(); // Enter here applies the code, never places the order
        if (!applied) apply();
      }}
      error={message ?? (stale || undefined)}
      hint={applied ? t`已套用優惠碼 ${applied}` : undefined}
      addon={
        applied ? (
          <button type="button" className="btn-secondary shrink-0" onClick={remove}>
            {t`移除`}
          </button>
        ) : (
          <button type="button" className="btn-secondary shrink-0" onClick={apply} disabled={busy || !lastQuote}>
            {busy ? t`確認中…` : t`套用`}
          </button>
        )
      }
    />
  );
}
