import { useLingui } from "@lingui/react/macro";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import type { SellerShopInput, ShopSettingsView } from "@shop/contract/seller-shop";
import { useState } from "react";
import { useContentLang } from "../../i18n/runtime";
import { api, callerHeaders, fieldErrors } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";
import { Img } from "../../ui/Img";
import { labelIn, SHIP_NAME_MSGS, SHOP_CHANGE_STATUS_MSGS } from "./seller-read";

type Form = SellerShopInput;

/** The form starts from what is live, or from the pending request's values while one waits. */
function formOf(v: ShopSettingsView): Form {
  const pending = v.request?.status === "pending" ? v.request.changes : {};
  return {
    name: pending.name ?? v.shop.name,
    intro: v.shop.intro,
    banner: pending.banner ?? v.shop.banner,
    delivery: pending.delivery ?? v.delivery,
  };
}

/** The seller's own shop: name, banner, intro and delivery options (decision 46). */
export function ShopSettings({ initial }: { initial: ShopSettingsView }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const alerts = useAlerts();
  // Read by the route's loader; a save answers with the new view, shown at once.
  const [view, setView] = useState(initial);
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const show = (v: ShopSettingsView) => {
    setView(v);
    setForm(formOf(v));
  };

  const set = (patch: Partial<Form>) => setForm({ ...form, ...patch });
  const setDelivery = (patch: Partial<Form["delivery"]>) => set({ delivery: { ...form.delivery, ...patch } });

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const r = await api<ShopSettingsView>("/api/seller/shop", { body: form });
    setBusy(false);
    if (!r.status) {
      setErrors(fieldErrors(r));
      return alerts.error(r.message);
    }
    setErrors({});
    show(r.data);
    alerts.toast(r.message);
  }

  return (
    <section className="card">
      <h2 className="mb-1 text-lg font-bold text-stone-800">{t`商城設定`}</h2>
      <p className="mb-4 text-sm text-stone-600">{t`簡介儲存後立即更新；商城名稱、橫幅與配送方式需經總公司審核，核准後生效。`}</p>
      <RequestNotice request={view.request} />
      <form onSubmit={save} className="space-y-5" noValidate>
        <Field
          label={t`商城名稱`}
          name="name"
          lang={contentLang}
          value={form.name}
          maxLength={40}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
        />
        <div>
          <label htmlFor="shop-intro" className="field-label">
            {t`商城簡介`}
          </label>
          <textarea
            id="shop-intro"
            className="input min-h-28"
            lang={contentLang}
            maxLength={500}
            value={form.intro}
            onChange={(e) => set({ intro: e.target.value })}
            aria-invalid={errors.intro ? true : undefined}
          />
          <p className="mt-1 text-right text-xs text-stone-500">{`${form.intro.length} / 500`}</p>
          {errors.intro && <p className="field-error">{errors.intro}</p>}
        </div>
        <BannerField
          banner={form.banner}
          busy={busy}
          setBusy={setBusy}
          onBanner={(banner) => set({ banner })}
          error={errors.banner}
        />
        <DeliveryFields methods={view.methods} delivery={form.delivery} setDelivery={setDelivery} errors={errors} />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? t`處理中…` : t`儲存`}
        </button>
      </form>
    </section>
  );
}

/** The latest change request and its answer; while one waits, the form shows what it asks for. */
function RequestNotice({ request }: { request: ShopSettingsView["request"] }) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  if (!request || request.status === "withdrawn") return null;
  const status = t(SHOP_CHANGE_STATUS_MSGS[request.status]);
  const sent = formatDateTime(request.created_at);
  const reason = request.status === "rejected" && request.reason ? request.reason : "";
  return (
    <p
      role="status"
      className={`mb-4 rounded-lg px-4 py-3 text-sm ${request.status === "rejected" ? "bg-red-50 text-red-800" : request.status === "pending" ? "bg-amber-50 text-amber-900" : "bg-tea-50 text-tea-800"}`}
    >
      {t`${status}｜${sent} 送出的變更申請`}
      {reason && contentLang ? (
        <>
          {t`：`}
          <span lang={contentLang}>{reason}</span>
        </>
      ) : reason ? (
        `：${reason}`
      ) : (
        ""
      )}
      {request.status === "pending" ? t`（表單顯示的是申請中的內容）` : ""}
    </p>
  );
}

interface BannerFieldProps {
  banner: string;
  busy: boolean;
  setBusy(busy: boolean): void;
  onBanner(url: string): void;
  error: string | undefined;
}

/** 商城橫幅: a preview, an upload (answered with the picture's address) and 移除橫幅. */
function BannerField({ banner, busy, setBusy, onBanner, error }: BannerFieldProps) {
  const { t } = useLingui();
  const alerts = useAlerts();

  async function upload(file: File | undefined) {
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    setBusy(true);
    const response = await fetch("/api/seller/shop/banner", {
      method: "POST",
      body,
      headers: callerHeaders(),
    }).catch(() => null);
    setBusy(false);
    const r = response
      ? ((await response.json().catch(() => null)) as { status: boolean; message: string; data: { url: string } } | null)
      : null;
    if (!r?.status) return alerts.error(r?.message ?? t`上傳失敗，請稍後再試`);
    onBanner(r.data.url);
  }

  return (
    <div>
      <p className="field-label">{t`商城橫幅`}</p>
      {banner ? (
        <Img
          src={banner}
          width={640}
          height={213}
          sizes="(min-width: 768px) 640px, 100vw"
          alt={t`商城橫幅預覽`}
          className="mb-2 w-full max-w-xl rounded-lg object-cover"
        />
      ) : (
        <p className="mb-2 text-sm text-stone-500">{t`尚未設定橫幅。`}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label className="btn-secondary cursor-pointer">
          {t`上傳橫幅`}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            className="sr-only"
            disabled={busy}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
        {banner && (
          <button type="button" className="text-sm text-stone-600 underline" onClick={() => onBanner("")}>
            {t`移除橫幅`}
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-500">{t`建議 1200×400 像素，JPG、PNG 或 WebP，8 MB 以內。`}</p>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

interface DeliveryFieldsProps {
  methods: ShopSettingsView["methods"];
  delivery: Form["delivery"];
  setDelivery(patch: Partial<Form["delivery"]>): void;
  errors: Record<string, string>;
}

/** 配送方式: the methods the shop offers, and for 專人配送 its fee and free-shipping threshold. */
function DeliveryFields({ methods, delivery, setDelivery, errors }: DeliveryFieldsProps) {
  const { t } = useLingui();
  const contentLang = useContentLang();
  const feeOf = (m: ShopSettingsView["methods"][number]) => {
    if (m.fee === 0) return t`免運費`;
    const fee = formatMoney(m.fee);
    if (m.free_threshold === null) return t`運費 ${fee}`;
    const threshold = formatMoney(m.free_threshold);
    return t`運費 ${fee}，滿 ${threshold} 免運`;
  };
  const toggle = (code: Form["delivery"]["codes"][number], on: boolean) =>
    setDelivery({ codes: on ? [...delivery.codes, code] : delivery.codes.filter((c) => c !== code) });
  return (
    <>
      <fieldset>
        <legend className="field-label">{t`配送方式`}</legend>
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
          {methods.map((m) => (
            <li key={m.code} className="flex items-center gap-3 px-3 py-2">
              <input
                id={`ship-${m.code}`}
                type="checkbox"
                className="size-5"
                checked={delivery.codes.includes(m.code)}
                onChange={(e) => toggle(m.code, e.target.checked)}
              />
              <label
                htmlFor={`ship-${m.code}`}
                className="flex-1"
                lang={Object.hasOwn(SHIP_NAME_MSGS, m.name) ? undefined : contentLang}
              >
                {labelIn(SHIP_NAME_MSGS, m.name, t)}
              </label>
              {m.code !== "self" && <span className="text-sm text-stone-500">{feeOf(m)}</span>}
            </li>
          ))}
        </ul>
        {errors["delivery.codes"] && <p className="field-error">{errors["delivery.codes"]}</p>}
      </fieldset>
      {delivery.codes.includes("self") && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t`專人配送運費（NT$）`}
            name="self_fee"
            type="number"
            inputMode="numeric"
            min={0}
            max={2000}
            value={delivery.self_fee}
            onChange={(e) => setDelivery({ self_fee: Number(e.target.value) })}
            error={errors["delivery.self_fee"]}
          />
          <Field
            label={t`專人配送免運門檻（NT$，空白為不免運）`}
            name="self_free_threshold"
            type="number"
            inputMode="numeric"
            min={0}
            value={delivery.self_free_threshold ?? ""}
            onChange={(e) => setDelivery({ self_free_threshold: e.target.value === "" ? null : Number(e.target.value) })}
            error={errors["delivery.self_free_threshold"]}
          />
        </div>
      )}
    </>
  );
}
