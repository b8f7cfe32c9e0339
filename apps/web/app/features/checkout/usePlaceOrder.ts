import { useLingui } from "@lingui/react/macro";
import { isTapPayMethod, type PayInfo } from "@shop/contract/order";
import { type RefObject, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useAlerts } from "../../ui/alerts";
import { useActionResult } from "../member/member-read";
import type { CardFieldsHandle } from "../orders/CardFields";
import { methodPrime } from "../orders/method-prime";
import type { PlaceAnswer, PlaceRequest } from "./checkout-data";
import type { Draft } from "./draft";
import { type OrderContext, orderPayload } from "./order-payload";

interface PlaceOrderDeps {
  fast: boolean;
  draft: Draft;
  context: OrderContext;
  info: PayInfo | null;
  card: RefObject<CardFieldsHandle | null>;
  /** Checks every field; true when the order can be sent. */
  validate(): Promise<boolean>;
  /** Shows the server's refusal of fields under them; false when none is on the form. */
  showServerErrors(list: Array<{ field: string; message: string }>): boolean;
  /** Brings the first field in error into view (once the messages are drawn). */
  focusErrors(): void;
  requote(): Promise<void>;
}

/**
 * 確認下單: the form is checked and the card's prime taken here in the browser, then the order goes
 * to the checkout's clientAction through a fetcher, with one idempotency key per attempt (a double
 * tap or a retried request never makes a second order). A refused order changed nothing: the key is
 * dropped, the amounts asked again and the reason shown. A queued answer (429 「目前排隊中」 in a
 * 限時搶購 rush) only shows its message: the buyer presses again.
 */
export function usePlaceOrder(deps: PlaceOrderDeps) {
  const { t } = useLingui();
  const alerts = useAlerts();
  const placer = useFetcher<PlaceAnswer>();
  // Checked or sent, and not answered yet: a second press does nothing (state updates come later).
  const busy = useRef(false);
  const [preparing, setPreparing] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const idempotencyKey = useRef("");

  useActionResult(placer.state === "idle" ? placer.data : undefined, async (r) => {
    if (r.ok) {
      busy.current = false; // 3-D Secure: the browser is on its way to the bank's page
      return;
    }
    // Queued (429): the server did not take the order; the message says so and the same key is kept for the next press.
    if (r.queued) {
      busy.current = false;
      return void alerts.error(r.message);
    }
    idempotencyKey.current = "";
    try {
      // A field the server refused (a barcode the tax platform does not know) shows under it.
      if (deps.showServerErrors(r.errors)) return deps.focusErrors();
      setRecovering(true);
      await deps.requote();
      void alerts.error(r.message);
    } finally {
      setRecovering(false);
      busy.current = false;
    }
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setPreparing(true);
    let sent = false;
    try {
      // Every message shows under its field; the first of them gets the focus once it is drawn.
      if (!(await deps.validate())) return deps.focusErrors();
      let prime: string | undefined;
      if (deps.draft.payment === "card") {
        const p = await deps.card.current?.getPrime();
        // A card field's own message shows under it (CardFields); anything else is a dialog.
        if (p && "inline" in p) return;
        if (!p || "error" in p) return void alerts.error(p && "error" in p ? p.error : t`請輸入信用卡資料`);
        prime = p.prime;
      } else if (isTapPayMethod(deps.draft.payment) && deps.info) {
        // A wallet, Apple Pay / Google Pay or a virtual account: TapPay's prime (the simulator's in 測試模式).
        const { card, device_wallets, quote } = deps.info;
        const p = await methodPrime(deps.draft.payment, { card, device_wallets, total: quote.payable });
        if ("error" in p) return void alerts.error(p.error);
        prime = p.prime;
      }
      idempotencyKey.current ||= crypto.randomUUID();
      const request: PlaceRequest = {
        intent: "place",
        fast: deps.fast,
        order: orderPayload(deps.draft, deps.context, prime),
        idempotency_key: idempotencyKey.current,
      };
      sent = true;
      // Sent as JSON (the fields left undefined drop out, as they do on the way to the API).
      void placer.submit(request as unknown as Record<string, string>, {
        method: "post",
        encType: "application/json",
        // Placed, the browser moves on; refused, nothing changed.
        defaultShouldRevalidate: false,
      });
    } finally {
      setPreparing(false);
      if (!sent) busy.current = false;
    }
  }

  return { submit, pending: preparing || placer.state !== "idle" || recovering };
}
