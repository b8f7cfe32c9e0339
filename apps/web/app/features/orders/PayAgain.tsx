import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import { isDeviceWallet, isTapPayMethod, type OrderView } from "@shop/contract/order";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { CardFields, type CardFieldsHandle } from "./CardFields";
import { methodPrime } from "./method-prime";
import type { OrderAction, OrderActionAnswer } from "./order-actions";
import { paymentMethodText, payOptionReasonText } from "./order-labels";
import { InstalmentSelect, PAY_HINT_MESSAGES, PayMark } from "./PayMark";
import { paymentMessageText } from "./payment-messages";

type Method = OrderView["pay_options"][number]["code"];

/**
 * 重新付款 (decision 82): a 待付款 order paid again with any way it allows (card again, transfer,
 * cash on delivery where its delivery allows it), from the finish page and the order page. The
 * route's clientAction sends it; the answer shows here, and the page reads the order again.
 */
export function PayAgain({ order }: { order: OrderView }) {
  const { t } = useLingui();
  const fetcher = useFetcher<OrderActionAnswer>();
  const card = useRef<CardFieldsHandle>(null);
  // Apple Pay / Google Pay only in 測試模式 here: the order carries no merchant ids for the device's sheet.
  const options = order.pay_options.filter((o) => !isDeviceWallet(o.code) || order.card.simulated);
  const usable = options.filter((o) => o.available);
  const current = order.payment_method as Method;
  // A declined card: the card again first; an unpaid transfer keeps its instructions above and offers the others.
  const [method, setMethod] = useState<Method>(usable.some((o) => o.code === current) ? current : (usable[0]?.code ?? "card"));
  const [instalment, setInstalment] = useState(0);
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = preparing || fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = answer && !answer.ok && !answer.leaving ? answer.message : null;
  const chosen = usable.find((o) => o.code === method);

  const submit = async () => {
    setError(null);
    let prime: string | undefined;
    if (method === "card") {
      setPreparing(true);
      try {
        const p = await card.current?.getPrime();
        if (!p || "error" in p) return void (p && "inline" in p ? null : setError(p?.error ?? t`請輸入信用卡資料`));
        prime = p.prime;
      } finally {
        setPreparing(false);
      }
    } else if (isTapPayMethod(method)) {
      setPreparing(true);
      try {
        const p = await methodPrime(method, { card: order.card, total: order.payable }, t);
        if ("error" in p) return void setError(p.error);
        prime = p.prime;
      } finally {
        setPreparing(false);
      }
    }
    const action: OrderAction = {
      intent: "change",
      order_no: order.order_no,
      payment_method: method,
      prime,
      ...(method === "card" && instalment ? { instalment } : {}),
    };
    void fetcher.submit(action, { method: "post", encType: "application/json" });
  };

  const payable = formatMoney(order.payable);
  const chosenName = chosen ? paymentMethodText(t, chosen.name) : "";
  const label =
    method === "card" || (method === order.payment_method && isTapPayMethod(method))
      ? t`確認付款 ${payable}`
      : t`改用 ${chosenName}`;
  const cardFailed = isTapPayMethod(order.payment_method) && order.payment_method !== "atm";
  const title = cardFailed ? t`重新付款` : t`改用其他付款方式`;
  const methodName = paymentMethodText(t, order.payment_method_name);
  return (
    <section aria-label={title} className="mt-4 rounded-lg bg-amber-50 p-3" data-testid="pay-again">
      <h2 className="font-bold text-amber-900">{title}</h2>
      {cardFailed && (
        <p className="mt-1 text-amber-900">
          {order.payment?.message ? paymentMessageText(t, order.payment.message) : t`${methodName}尚未付款成功`}
        </p>
      )}
      <fieldset className="mt-3 grid gap-2">
        <legend className="sr-only">{t`付款方式`}</legend>
        {options.map((o) => {
          const name = paymentMethodText(t, o.name);
          const reason = o.reason ? payOptionReasonText(t, o.reason) : "";
          return (
            <label key={o.code} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`pay-again-${order.order_no}`}
                value={o.code}
                aria-label={name}
                checked={method === o.code}
                disabled={!o.available || busy}
                onChange={() => setMethod(o.code)}
              />
              <span className="flex-1">
                {name}
                {!o.available && reason && <span className="text-sm text-stone-500">{t`（${reason}）`}</span>}
              </span>
              <PayMark code={o.code} />
            </label>
          );
        })}
      </fieldset>
      {method === "card" && (
        <div className="mt-3">
          <CardFields ref={card} config={order.card} />
          <InstalmentSelect
            id={`instalment-${order.order_no}`}
            plans={order.instalments}
            value={instalment}
            disabled={busy}
            onChange={setInstalment}
          />
        </div>
      )}
      {PAY_HINT_MESSAGES[method] && <p className="mt-2 text-sm text-stone-600">{t(PAY_HINT_MESSAGES[method])}</p>}
      {(error ?? failed) && (
        <p className="field-error mt-2" role="alert">
          {error ?? failed}
        </p>
      )}
      <button type="button" className="btn-primary mt-3" disabled={busy || !chosen} onClick={() => void submit()}>
        {busy ? t`處理中…` : label}
      </button>
    </section>
  );
}
