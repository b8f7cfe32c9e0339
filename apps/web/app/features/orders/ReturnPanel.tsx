import { useLingui } from "@lingui/react/macro";
import type { BankOption } from "@shop/contract/bank";
import { formatDateTime } from "@shop/contract/format";
import type { OrderView } from "@shop/contract/order";
import { EXCHANGEABLE_SHIP_METHODS, type ReturnKind } from "@shop/contract/returns";
import { useState } from "react";
import { useContentLang } from "../../i18n/runtime";
import { api } from "../../lib/api";
import { returnLabelText, sendBackHowText } from "./order-labels";
import { ReturnForm } from "./ReturnForm";

/**
 * 申請退貨／換貨 on a buyer's delivered order (a guest's after the SMS check) within the 7-day appraisal period, and the state of
 * the latest request (staff approve it, receive the goods, and refund them or send the same items
 * again). Exchanges are offered for home-delivered orders only: the replacement goes to the same address.
 */
export function ReturnPanel({ order, reload }: { order: OrderView; reload: () => Promise<unknown> }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ReturnKind>("return");
  const [banks, setBanks] = useState<BankOption[]>([]);
  const r = order.return_request;
  if (!r && !order.can_request_return) return null;
  const exchangeable = (EXCHANGEABLE_SHIP_METHODS as readonly string[]).includes(order.ship_method);
  const requestedAt = r ? formatDateTime(r.created_at) : "";
  const reason = r ? returnLabelText(t, r.reason_label) : "";
  const reshipNo = r?.reship_tracking_no ?? "";

  return (
    <section className="card" aria-labelledby="return-title">
      <h2 id="return-title" className="text-lg font-semibold">
        {exchangeable ? t`退貨／換貨` : t`退貨`}
      </h2>
      {r && (
        <div className="mt-2 text-sm">
          <p>
            <span className="font-medium">{returnLabelText(t, r.status_label)}</span>
            <span className="ml-2 text-stone-500">{t`${requestedAt} 申請`}</span>
          </p>
          <p className="text-stone-600" lang={contentLang}>
            {r.items.map((i) => `${i.name} × ${i.qty}`).join(t`、`)}
          </p>
          <p className="text-stone-600">{r.kind === "exchange" ? t`換貨原因：${reason}` : t`退貨原因：${reason}`}</p>
          {r.send_back && <SendBack to={r.send_back} />}
          {r.staff_note && (
            <p className="text-stone-600">
              {t`客服說明：`}
              {contentLang ? <span lang={contentLang}>{r.staff_note}</span> : r.staff_note}
            </p>
          )}
          {r.reship_tracking_no && <p className="text-stone-600">{t`換貨託運單號：${reshipNo}`}</p>}
        </div>
      )}
      {order.can_request_return && !open && order.masked && (
        <p className="mt-2 text-sm text-stone-600">
          {exchangeable
            ? t`商品送達後 7 天鑑賞期內可申請退貨或換貨；如需申請，請先於上方驗證訂購手機。`
            : t`商品送達後 7 天鑑賞期內可申請退貨；如需申請，請先於上方驗證訂購手機。`}
        </p>
      )}
      {order.can_request_return && !open && !order.masked && (
        <>
          <p className="mt-2 text-sm text-stone-600">
            {exchangeable
              ? t`商品送達後 7 天鑑賞期內可申請退貨或換貨，核准後這裡會顯示寄回地址或超商寄件代碼。`
              : t`商品送達後 7 天鑑賞期內可申請退貨，核准後這裡會顯示寄回地址或超商寄件代碼。`}
          </p>
          <div className="mt-3 flex gap-2">
            {(exchangeable ? (["return", "exchange"] as const) : (["return"] as const)).map((k) => (
              <button
                key={k}
                type="button"
                className="btn-secondary"
                onClick={() => {
                  setKind(k);
                  setOpen(true);
                  // The refund account's bank list, read once when the form first asks for it.
                  if (k === "return" && order.return_needs_account && banks.length === 0)
                    void api<BankOption[]>("/api/reference/banks").then((r) => r.status && setBanks(r.data));
                }}
              >
                {k === "exchange" ? t`申請換貨` : t`申請退貨`}
              </button>
            ))}
          </div>
        </>
      )}
      {open && (
        <ReturnForm
          order={order}
          kind={kind}
          banks={banks}
          onDone={async () => {
            setOpen(false);
            await reload();
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </section>
  );
}

/**
 * Where and how to send the goods back, once approved: the carrier's instructions (a store-return
 * code, or 黑貓 picking up) with the parcel's progress, else a typed store code or the shop's address.
 */
function SendBack({ to }: { to: NonNullable<NonNullable<OrderView["return_request"]>["send_back"]> }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const how = to.how ? sendBackHowText(t, to.how) : null;
  const parcel = returnLabelText(t, to.parcel_label);
  // Once the carrier has the parcel, only its progress matters.
  const sent = to.carrier !== null && to.parcel_status !== "booked";
  return (
    <div className="mt-2 rounded-lg bg-amber-50 p-3 text-stone-800" data-testid="return-send-back">
      {sent ? null : to.how ? (
        <p lang={how ? undefined : contentLang}>{how ?? to.how}</p>
      ) : to.store_code ? (
        <p>
          {t`請至超商以退貨寄件代碼`} <span className="font-mono font-bold">{to.store_code}</span> {t`寄回商品。`}
        </p>
      ) : to.address ? (
        <p>
          {t`請將商品寄回：`}
          {contentLang ? <span lang={contentLang}>{to.address}</span> : to.address}
        </p>
      ) : (
        <p>{t`客服將與您聯繫寄回方式。`}</p>
      )}
      {to.parcel_label ? (
        <p className="mt-1 font-medium" data-testid="return-parcel-status">
          {t`退貨包裹：${parcel}`}
        </p>
      ) : null}
      {sent ? null : (
        <p className="mt-1 text-sm text-stone-600">
          {to.carrier ? t`請妥善包裝，並於包裹上註明訂單編號。` : t`請附上訂單編號，並保留寄件收據。`}
        </p>
      )}
    </div>
  );
}
