import type { CartView } from "@shop/contract/cart";
import { formatMoney } from "@shop/contract/format";
import type { Address, CvsStore, PayInfo, PaymentMethodCode, ShipMethodCode, StoreResult } from "@shop/contract/order";
import { CVS_METHODS, fastStoreOrderInput, storeOrderInput } from "@shop/contract/order";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AmountTable } from "../features/orders/AmountTable";
import { CardFields, type CardFieldsHandle } from "../features/orders/CardFields";
import { orderAccess } from "../features/orders/order-access";
import { api } from "../lib/api";
import { useToken } from "../lib/auth";
import { useHydrated } from "../lib/hydrated";
import { rootOrigin, seo } from "../lib/seo";
import { useShop } from "../lib/shop";
import { storage } from "../lib/storage";
import { useAlerts } from "../ui/alerts";
import { Img } from "../ui/Img";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo({ title: "結帳", origin: rootOrigin(matches), path: location.pathname, noindex: true });

type InvoiceType = "member" | "mobile" | "donation" | "company";
interface Draft {
  ship: ShipMethodCode | "";
  payment: PaymentMethodCode | "";
  name: string;
  phone: string;
  email: string;
  address: Address;
  cvs: CvsStore | null;
  invoiceType: InvoiceType;
  carrier: string;
  donationCode: string;
  taxId: string;
  title: string;
  couponId: number | "";
  points: number;
  wallet: number;
  note: string;
}

const EMPTY: Draft = {
  ship: "",
  payment: "",
  name: "",
  phone: "",
  email: "",
  address: { zip: "", county: "", district: "", line: "" },
  cvs: null,
  invoiceType: "member",
  carrier: "",
  donationCode: "",
  taxId: "",
  title: "",
  couponId: "",
  points: 0,
  wallet: 0,
  note: "",
};
/** Stands in for the prime while validating the form; the real one is taken right after. */
const PRIME_CHECKED_LATER = "prime-comes-from-the-card-step";
const isCvs = (m: string): m is CvsStore["type"] => (CVS_METHODS as readonly string[]).includes(m);

/** /cart: the checkout. Cart lines chosen on /select_cart, or one product (?variant_id=&qty=, quick order). */
export default function Checkout() {
  const shop = useShop();
  const token = useToken();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const [params] = useSearchParams();
  const fastVariant = Number(params.get("variant_id")) || null;
  const fastQty = Number(params.get("qty")) || 1;
  const cvsToken = params.get("cvs_token");

  const [lineIds, setLineIds] = useState<number[] | null>(fastVariant ? [] : null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [info, setInfo] = useState<PayInfo | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  // The inputs the amounts on screen were computed for: ordering is held back until they match
  // the form, so a fast tap never sends an amount the shopper has not seen.
  const [quotedBody, setQuotedBody] = useState<string | null>(null);
  const quoteSeq = useRef(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const card = useRef<CardFieldsHandle>(null);
  // One key per checkout attempt: a double tap or a retried request never makes a second order.
  const idempotencyKey = useRef("");

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  // The lines to buy, and the form as it was before a trip to the store map.
  useEffect(() => {
    if (!hydrated) return;
    const saved = storage.checkoutDraft();
    if (saved && cvsToken) {
      try {
        setDraft({ ...EMPTY, ...(JSON.parse(saved) as Partial<Draft>) });
      } catch {
        // a damaged draft: start over
      }
    }
    storage.setCheckoutDraft(null);
    if (cvsToken) {
      void api<CvsStore>("/api/ecpay/map/result", { query: { token: cvsToken } }).then((r) => {
        if (r.status) setDraft((d) => ({ ...d, ship: r.data.type, cvs: r.data }));
        else void alerts.error(r.message);
      });
    }
    if (!fastVariant) {
      void api<CartView>("/api/cart/search", { body: {} }).then((r) => {
        if (r.status) setLineIds(r.data.lines.filter((l) => l.selected && l.available).map((l) => l.line_id));
        else setLineIds([]);
      });
    }
  }, [hydrated, cvsToken, fastVariant, alerts]);

  const source = fastVariant ? { variant_id: fastVariant, qty: fastQty } : { line_ids: lineIds ?? [] };
  const ready = fastVariant !== null || (lineIds !== null && lineIds.length > 0);
  const quotePath = fastVariant ? "/api/order/pay_info/fast" : "/api/order/pay_info";
  const quoteBody = JSON.stringify({
    ...source,
    ship_method: draft.ship || undefined,
    coupon_id: draft.couponId || undefined,
    points: draft.points || undefined,
    wallet: draft.wallet || undefined,
    shop_id: shop.shopId,
  });

  const requote = useCallback(async () => {
    const seq = ++quoteSeq.current;
    const r = await api<PayInfo>(quotePath, { body: JSON.parse(quoteBody) });
    if (seq !== quoteSeq.current) return; // a newer quote is on its way
    if (r.status) {
      setInfo(r.data);
      setQuoteError(null);
    } else setQuoteError(r.message);
    setQuotedBody(quoteBody);
  }, [quotePath, quoteBody]);
  const quoting = quotedBody !== quoteBody;

  useEffect(() => {
    if (!hydrated || !ready) return;
    const timer = setTimeout(() => void requote(), 250);
    return () => clearTimeout(timer);
  }, [hydrated, ready, requote]);

  // A payment method that stopped being available (e.g. COD after choosing the depot) is unchosen.
  useEffect(() => {
    const chosen = info?.payment_methods.find((m) => m.code === draft.payment);
    if (chosen && !chosen.available) setDraft((d) => ({ ...d, payment: "" }));
  }, [info, draft.payment]);

  async function chooseStore(type: CvsStore["type"]) {
    const mobile = window.matchMedia("(max-width: 767px)").matches;
    const returnPath = `${shop.path("/cart")}${fastVariant ? `?variant_id=${fastVariant}&qty=${fastQty}` : ""}`;
    const r = await api<{ action: string; fields: Record<string, string> }>("/api/ecpay/mapCreateToken", {
      body: { cvs_type: type, device: mobile ? "mobile" : "pc", return_path: returnPath },
    });
    if (!r.status) return alerts.error(r.message);
    storage.setCheckoutDraft(JSON.stringify({ ...draft, ship: type, cvs: null }));
    const form = document.createElement("form");
    form.method = "post";
    form.action = r.data.action;
    for (const [k, v] of Object.entries(r.data.fields)) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = k;
      input.value = v;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
  }

  function orderBody(prime?: string) {
    const invoice =
      draft.invoiceType === "mobile"
        ? { type: "mobile", carrier: draft.carrier }
        : draft.invoiceType === "donation"
          ? { type: "donation", donation_code: draft.donationCode }
          : draft.invoiceType === "company"
            ? { type: "company", tax_id: draft.taxId, title: draft.title }
            : { type: "member" };
    return {
      ...source,
      shop_id: shop.shopId,
      ship_method: draft.ship || undefined,
      payment_method: draft.payment || undefined,
      receiver: { name: draft.name, phone: draft.phone },
      email: draft.email || undefined,
      ...(draft.ship === "hct" || draft.ship === "self" ? { address: draft.address } : {}),
      ...(isCvs(draft.ship) && draft.cvs ? { cvs_store: draft.cvs } : {}),
      coupon_id: draft.couponId || undefined,
      points: draft.points || undefined,
      wallet: draft.wallet || undefined,
      invoice,
      note: draft.note || undefined,
      expected_payable: info?.quote.payable,
      ...(prime ? { prime } : {}),
    };
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (pending) return;
    // The same schema the server applies; the prime is checked after the card step.
    const schema = fastVariant ? fastStoreOrderInput : storeOrderInput;
    const checked = schema.safeParse(orderBody(draft.payment === "card" ? PRIME_CHECKED_LATER : undefined));
    const found: Record<string, string> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path.join(".")] ??= issue.message;
    if (isCvs(draft.ship) && !draft.cvs) found.cvs_store = "請選擇取貨門市";
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.querySelector<HTMLElement>("[aria-invalid=true], [data-error]")?.focus();
      return alerts.error(Object.values(found)[0] ?? "請確認訂單資料");
    }
    setPending(true);
    try {
      let prime: string | undefined;
      if (draft.payment === "card") {
        const p = await card.current?.getPrime();
        if (!p || "error" in p) return alerts.error(p && "error" in p ? p.error : "請輸入信用卡資料");
        prime = p.prime;
      }
      idempotencyKey.current ||= crypto.randomUUID();
      const r = await api<StoreResult>(fastVariant ? "/api/order/store/fast" : "/api/order/store", {
        body: orderBody(prime),
        headers: { "idempotency-key": idempotencyKey.current },
      });
      if (!r.status) {
        // A refused order changed nothing: the next press is a new attempt.
        idempotencyKey.current = "";
        await requote();
        return alerts.error(r.message);
      }
      storage.setOrderPhone(r.data.order_no, draft.phone);
      if (r.data.access_token) orderAccess.set(r.data.order_no, r.data.access_token);
      if (r.data.next.type === "redirect_3ds") {
        window.location.assign(r.data.next.url);
        return;
      }
      navigate(shop.path(`/orderfinish?order_no=${r.data.order_no}`));
    } finally {
      setPending(false);
    }
  }

  if (!hydrated || (!fastVariant && lineIds === null)) {
    return (
      <section className="card">
        <h1 className="text-2xl font-bold text-stone-800">結帳</h1>
        <p className="mt-4 text-stone-600" role="status">
          載入中…
        </p>
      </section>
    );
  }
  if (!ready) {
    return (
      <section className="card py-10 text-center">
        <h1 className="text-2xl font-bold text-stone-800">結帳</h1>
        <p className="mt-4 text-stone-600">尚未選擇要結帳的商品。</p>
        <ShopLink to="/select_cart" className="btn-primary mt-4">
          回購物車
        </ShopLink>
      </section>
    );
  }

  const q = info?.quote;
  const shipMethod = info?.ship_methods.find((m) => m.code === draft.ship);
  const field = (name: string) => ({ "aria-invalid": errors[name] ? true : undefined });
  const err = (name: string) =>
    errors[name] ? (
      <p className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-5 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-5">
        <section className="card">
          <h1 className="mb-4 text-2xl font-bold text-stone-800">結帳</h1>
          {quoteError && (
            <p className="mb-3 rounded-lg bg-red-50 p-3 text-red-800" role="alert">
              {quoteError}
            </p>
          )}
          <ul className="divide-y divide-stone-100">
            {(q?.lines ?? []).map((l) => (
              <li key={l.variant_id} className="flex items-center gap-3 py-2">
                <Img src={l.image} alt="" width={56} height={56} sizes="56px" className="h-14 w-14 rounded-lg object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-stone-800">{l.name}</p>
                  <p className="text-sm text-stone-500">
                    {l.variant_name}｜{formatMoney(l.price)} × {l.qty}
                  </p>
                </div>
                <span className="font-bold text-stone-800">{formatMoney(l.subtotal)}</span>
              </li>
            ))}
          </ul>
        </section>

        <fieldset className="card">
          <legend className="sr-only">配送方式</legend>
          <h2 className="mb-3 text-lg font-bold text-stone-800">配送方式</h2>
          <div className="grid gap-2 sm:grid-cols-2">
            {(info?.ship_methods ?? []).map((m) => (
              <label
                key={m.code}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border p-3 ${draft.ship === m.code ? "border-tea-600 bg-tea-50" : "border-stone-200"}`}
              >
                <input
                  type="radio"
                  name="ship_method"
                  value={m.code}
                  checked={draft.ship === m.code}
                  onChange={() => setDraft((d) => ({ ...d, ship: m.code, cvs: d.cvs?.type === m.code ? d.cvs : null }))}
                  className="accent-tea-700"
                />
                <span className="flex-1">{m.name}</span>
                <span className="text-sm text-stone-600">{m.fee_now === 0 ? "免運" : formatMoney(m.fee_now)}</span>
              </label>
            ))}
          </div>
          {err("ship_method")}
          {shipMethod && shipMethod.free_threshold !== null && shipMethod.fee_now > 0 && (
            <p className="mt-2 text-sm text-stone-500">滿 {formatMoney(shipMethod.free_threshold)} 免運費</p>
          )}

          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="receiver-name" className="field-label">
                收件人姓名
              </label>
              <input
                id="receiver-name"
                className="input"
                autoComplete="name"
                value={draft.name}
                onChange={(e) => set("name", e.target.value)}
                {...field("receiver.name")}
              />
              {err("receiver.name")}
            </div>
            <div>
              <label htmlFor="receiver-phone" className="field-label">
                手機號碼
              </label>
              <input
                id="receiver-phone"
                className="input"
                inputMode="tel"
                autoComplete="tel"
                value={draft.phone}
                onChange={(e) => set("phone", e.target.value)}
                {...field("receiver.phone")}
              />
              {err("receiver.phone")}
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="receiver-email" className="field-label">
                電子郵件（選填，寄送訂單通知）
              </label>
              <input
                id="receiver-email"
                type="email"
                className="input"
                autoComplete="email"
                value={draft.email}
                onChange={(e) => set("email", e.target.value)}
                {...field("email")}
              />
              {err("email")}
            </div>
          </div>

          {(draft.ship === "hct" || draft.ship === "self") && (
            <div className="mt-4">
              {(info?.recent_addresses.length ?? 0) > 0 && (
                <div className="mb-3">
                  <label htmlFor="recent-address" className="field-label">
                    常用地址
                  </label>
                  <select
                    id="recent-address"
                    className="input"
                    defaultValue=""
                    onChange={(e) => {
                      const a = info?.recent_addresses[Number(e.target.value)];
                      if (a) setDraft((d) => ({ ...d, name: a.receiver.name, phone: a.receiver.phone, address: a.address }));
                    }}
                  >
                    <option value="" disabled>
                      選擇之前使用的地址
                    </option>
                    {info?.recent_addresses.map((a, i) => (
                      <option key={`${a.address.zip}${a.address.line}${a.receiver.name}`} value={i}>
                        {a.receiver.name}｜{a.address.zip} {a.address.county}
                        {a.address.district}
                        {a.address.line}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <div className="grid grid-cols-3 gap-3">
                {(
                  [
                    ["zip", "郵遞區號", "postal-code"],
                    ["county", "縣市", "address-level1"],
                    ["district", "鄉鎮市區", "address-level2"],
                  ] as const
                ).map(([k, label, auto]) => (
                  <div key={k}>
                    <label htmlFor={`address-${k}`} className="field-label">
                      {label}
                    </label>
                    <input
                      id={`address-${k}`}
                      className="input"
                      autoComplete={auto}
                      value={draft.address[k]}
                      onChange={(e) => set("address", { ...draft.address, [k]: e.target.value })}
                      {...field(`address.${k}`)}
                    />
                    {err(`address.${k}`)}
                  </div>
                ))}
                <div className="col-span-3">
                  <label htmlFor="address-line" className="field-label">
                    地址
                  </label>
                  <input
                    id="address-line"
                    className="input"
                    autoComplete="address-line1"
                    value={draft.address.line}
                    onChange={(e) => set("address", { ...draft.address, line: e.target.value })}
                    {...field("address.line")}
                  />
                  {err("address.line")}
                  {err("address")}
                </div>
              </div>
            </div>
          )}

          {isCvs(draft.ship) && (
            <div className="mt-4 rounded-lg bg-stone-50 p-3" data-error={errors.cvs_store ? true : undefined}>
              {draft.cvs ? (
                <p className="text-stone-800" data-testid="cvs-store">
                  取貨門市：<strong>{draft.cvs.name}</strong>（{draft.cvs.id}）<br />
                  <span className="text-sm text-stone-600">{draft.cvs.address}</span>
                </p>
              ) : (
                <p className="text-stone-600">請選擇取貨門市。</p>
              )}
              <button
                type="button"
                className="btn-secondary mt-2"
                onClick={() => void chooseStore(draft.ship as CvsStore["type"])}
              >
                {draft.cvs ? "更換門市" : "選擇門市"}
              </button>
              {err("cvs_store")}
            </div>
          )}
          {draft.ship === "depot" && (
            <p className="mt-4 rounded-lg bg-tea-50 p-3 text-sm text-tea-900">
              付款完成後商品存入您的雲端庫存，之後可隨時申請出貨。
            </p>
          )}
        </fieldset>

        <fieldset className="card">
          <legend className="sr-only">付款方式</legend>
          <h2 className="mb-3 text-lg font-bold text-stone-800">付款方式</h2>
          <div className="grid gap-2 sm:grid-cols-2">
            {(info?.payment_methods ?? []).map((m) => (
              <label
                key={m.code}
                className={`flex items-center gap-2 rounded-lg border p-3 ${m.available ? "cursor-pointer" : "opacity-60"} ${draft.payment === m.code ? "border-tea-600 bg-tea-50" : "border-stone-200"}`}
              >
                <input
                  type="radio"
                  name="payment_method"
                  value={m.code}
                  disabled={!m.available}
                  checked={draft.payment === m.code}
                  onChange={() => set("payment", m.code)}
                  className="accent-tea-700"
                />
                <span className="flex-1">
                  {m.name}
                  {m.reason && <span className="block text-xs text-stone-500">{m.reason}</span>}
                </span>
              </label>
            ))}
          </div>
          {err("payment_method")}
          {draft.payment === "card" && info && (
            <div className="mt-4">
              <CardFields ref={card} config={info.card} />
            </div>
          )}
          {draft.payment === "transfer" && (
            <p className="mt-3 text-sm text-stone-600">下單後顯示匯款帳號，請於 3 天內完成匯款並回報帳號末五碼。</p>
          )}
        </fieldset>

        {info?.member && (
          <fieldset className="card">
            <legend className="sr-only">優惠與折抵</legend>
            <h2 className="mb-3 text-lg font-bold text-stone-800">優惠與折抵</h2>
            <div className="grid gap-3 sm:grid-cols-3">
              <div>
                <label htmlFor="coupon" className="field-label">
                  優惠券
                </label>
                <select
                  id="coupon"
                  className="input"
                  value={draft.couponId}
                  onChange={(e) => set("couponId", e.target.value ? Number(e.target.value) : "")}
                >
                  <option value="">不使用</option>
                  {info.coupons.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </select>
                {q?.coupon_rejected && <p className="field-error">{q.coupon_rejected}</p>}
              </div>
              <div>
                <label htmlFor="points" className="field-label">
                  使用點數（可用 {info.points.owned} 點
                  {info.points.cap_per_order !== null ? `，每筆上限 ${info.points.cap_per_order} 點` : ""}）
                </label>
                <input
                  id="points"
                  className="input"
                  inputMode="numeric"
                  value={draft.points || ""}
                  onChange={(e) => set("points", Math.max(0, Number(e.target.value.replace(/\D/g, "")) || 0))}
                />
              </div>
              <div>
                <label htmlFor="wallet" className="field-label">
                  使用錢包（餘額 {formatMoney(info.wallet.balance)}）
                </label>
                <input
                  id="wallet"
                  className="input"
                  inputMode="numeric"
                  value={draft.wallet || ""}
                  onChange={(e) => set("wallet", Math.max(0, Number(e.target.value.replace(/\D/g, "")) || 0))}
                />
              </div>
            </div>
          </fieldset>
        )}

        <fieldset className="card">
          <legend className="sr-only">電子發票</legend>
          <h2 className="mb-3 text-lg font-bold text-stone-800">電子發票</h2>
          <div className="flex flex-wrap gap-3">
            {(
              [
                ["member", "會員載具"],
                ["mobile", "手機條碼"],
                ["donation", "捐贈發票"],
                ["company", "公司統編"],
              ] as const
            ).map(([code, label]) => (
              <label key={code} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="invoice_type"
                  value={code}
                  checked={draft.invoiceType === code}
                  onChange={() => set("invoiceType", code)}
                  className="accent-tea-700"
                />
                {label}
              </label>
            ))}
          </div>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {draft.invoiceType === "mobile" && (
              <div>
                <label htmlFor="invoice-carrier" className="field-label">
                  手機條碼
                </label>
                <input
                  id="invoice-carrier"
                  className="input uppercase"
                  placeholder="/ABC1234"
                  value={draft.carrier}
                  onChange={(e) => set("carrier", e.target.value)}
                  {...field("invoice.carrier")}
                />
                {err("invoice.carrier")}
              </div>
            )}
            {draft.invoiceType === "donation" && (
              <div>
                <label htmlFor="invoice-donation" className="field-label">
                  捐贈碼
                </label>
                <input
                  id="invoice-donation"
                  className="input"
                  inputMode="numeric"
                  value={draft.donationCode}
                  onChange={(e) => set("donationCode", e.target.value)}
                  {...field("invoice.donation_code")}
                />
                {err("invoice.donation_code")}
              </div>
            )}
            {draft.invoiceType === "company" && (
              <>
                <div>
                  <label htmlFor="invoice-tax-id" className="field-label">
                    統一編號
                  </label>
                  <input
                    id="invoice-tax-id"
                    className="input"
                    inputMode="numeric"
                    value={draft.taxId}
                    onChange={(e) => set("taxId", e.target.value)}
                    {...field("invoice.tax_id")}
                  />
                  {err("invoice.tax_id")}
                </div>
                <div>
                  <label htmlFor="invoice-title" className="field-label">
                    公司抬頭
                  </label>
                  <input
                    id="invoice-title"
                    className="input"
                    value={draft.title}
                    onChange={(e) => set("title", e.target.value)}
                    {...field("invoice.title")}
                  />
                  {err("invoice.title")}
                </div>
              </>
            )}
          </div>
          <label htmlFor="note" className="field-label mt-4">
            訂單備註（選填）
          </label>
          <textarea
            id="note"
            className="input"
            rows={2}
            maxLength={200}
            value={draft.note}
            onChange={(e) => set("note", e.target.value)}
          />
        </fieldset>
      </div>

      <aside className="lg:sticky lg:top-24 lg:self-start">
        <section className="card">
          <h2 className="mb-3 text-lg font-bold text-stone-800">金額明細</h2>
          {q ? <AmountTable amounts={q} /> : <p className="text-stone-500">計算中…</p>}
          <button type="submit" className="btn-primary mt-4 w-full text-lg" disabled={!hydrated || pending || !info || quoting}>
            {pending ? "處理中…" : quoting && info ? "金額計算中…" : "確認下單"}
          </button>
          {!token && (
            <p className="mt-3 text-sm text-stone-500">
              以訪客身分購買。
              <ShopLink to="/login" className="text-tea-700 underline">
                登入會員
              </ShopLink>
              可使用點數、錢包與優惠券。
            </p>
          )}
        </section>
      </aside>
    </form>
  );
}
