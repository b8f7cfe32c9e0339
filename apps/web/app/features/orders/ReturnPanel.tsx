import type { BankOption } from "@shop/contract/bank";
import { formatDateTime } from "@shop/contract/format";
import type { OrderView } from "@shop/contract/order";
import { EXCHANGEABLE_SHIP_METHODS, RETURN_KINDS, type ReturnKind } from "@shop/contract/returns";
import { useState } from "react";
import { api } from "../../lib/api";
import { ReturnForm } from "./ReturnForm";

/**
 * 申請退貨／換貨 on a buyer's delivered order (a guest's after the SMS check) within the 7-day appraisal period, and the state of
 * the latest request (staff approve it, receive the goods, and refund them or send the same items
 * again). Exchanges are offered for home-delivered orders only: the replacement goes to the same address.
 */
export function ReturnPanel({ order, reload }: { order: OrderView; reload: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ReturnKind>("return");
  const [banks, setBanks] = useState<BankOption[]>([]);
  const r = order.return_request;
  if (!r && !order.can_request_return) return null;
  const exchangeable = (EXCHANGEABLE_SHIP_METHODS as readonly string[]).includes(order.ship_method);

  return (
    <section className="card" aria-labelledby="return-title">
      <h2 id="return-title" className="text-lg font-semibold">
        {exchangeable ? "退貨／換貨" : "退貨"}
      </h2>
      {r && (
        <div className="mt-2 text-sm">
          <p>
            <span className="font-medium">{r.status_label}</span>
            <span className="ml-2 text-stone-500">{formatDateTime(r.created_at)} 申請</span>
          </p>
          <p className="text-stone-600">{r.items.map((i) => `${i.name} × ${i.qty}`).join("、")}</p>
          <p className="text-stone-600">
            {r.kind_label}原因：{r.reason_label}
          </p>
          {r.send_back && <SendBack to={r.send_back} />}
          {r.staff_note && <p className="text-stone-600">客服說明：{r.staff_note}</p>}
          {r.reship_tracking_no && <p className="text-stone-600">換貨託運單號：{r.reship_tracking_no}</p>}
        </div>
      )}
      {order.can_request_return && !open && order.masked && (
        <p className="mt-2 text-sm text-stone-600">
          商品送達後 7 天鑑賞期內可申請{exchangeable ? "退貨或換貨" : "退貨"}；如需申請，請先於上方驗證訂購手機。
        </p>
      )}
      {order.can_request_return && !open && !order.masked && (
        <>
          <p className="mt-2 text-sm text-stone-600">
            商品送達後 7 天鑑賞期內可申請{exchangeable ? "退貨或換貨" : "退貨"}，核准後這裡會顯示寄回地址或超商寄件代碼。
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
                申請{RETURN_KINDS[k]}
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
  // Once the carrier has the parcel, only its progress matters.
  const sent = to.carrier !== null && to.parcel_status !== "booked";
  return (
    <div className="mt-2 rounded-lg bg-amber-50 p-3 text-stone-800" data-testid="return-send-back">
      {sent ? null : to.how ? (
        <p>{to.how}</p>
      ) : to.store_code ? (
        <p>
          請至超商以退貨寄件代碼 <span className="font-mono font-bold">{to.store_code}</span> 寄回商品。
        </p>
      ) : to.address ? (
        <p>請將商品寄回：{to.address}</p>
      ) : (
        <p>客服將與您聯繫寄回方式。</p>
      )}
      {to.parcel_label ? (
        <p className="mt-1 font-medium" data-testid="return-parcel-status">
          退貨包裹：{to.parcel_label}
        </p>
      ) : null}
      {sent ? null : (
        <p className="mt-1 text-sm text-stone-600">
          {to.carrier ? "請妥善包裝，並於包裹上註明訂單編號。" : "請附上訂單編號，並保留寄件收據。"}
        </p>
      )}
    </div>
  );
}
