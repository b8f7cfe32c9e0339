import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { PersonalDataOverview } from "@shop/contract";
import { formatDateTime, formatMoney } from "@shop/contract/format";
import { useEffect, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { MessageDescriptor } from "../../i18n/runtime";
import { api, callerHeaders, fieldErrors } from "../../lib/api";
import { useShop } from "../../lib/shop";
import { storage } from "../../lib/storage";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";
import { CLOSE_BLOCKERS, useServerText } from "./server-text";

type Translate = (descriptor: MessageDescriptor) => string;

/** What is under way on the page: a download, closing, or sending the closing code. */
export type PrivacyBusy = "json" | "csv" | "close" | "code" | null;

interface SectionProps {
  data: PersonalDataOverview;
  busy: PrivacyBusy;
  setBusy(busy: PrivacyBusy): void;
}

const FORMAT_LABELS: Record<string, string> = { json: "JSON", csv: "CSV" };

/** What closing gives up, in one sentence: points, a wallet balance too small to withdraw, unused coupons. */
function forfeitText(t: Translate, f: PersonalDataOverview["forfeits"]): string {
  const points = f.points.toLocaleString("zh-TW");
  const wallet = formatMoney(f.wallet);
  const coupons = f.coupons;
  const parts = [
    f.points > 0 ? t(msg`剩餘點數 ${points} 點`) : "",
    f.wallet > 0 ? t(msg`錢包餘額 ${wallet}（未達提領門檻）`) : "",
    f.coupons > 0 ? t(msg`${coupons} 張未使用的優惠券`) : "",
  ].filter(Boolean);
  const list = parts.join(t(msg`、`));
  return parts.length > 0
    ? t(msg`${list}將於註銷時失效。`)
    : t(msg`點數、未達提領門檻的錢包餘額與優惠券將於註銷時失效（您目前沒有）。`);
}

/** Downloads the member's copy (the API answers a file to the bearer token; a link could not carry it). */
async function download(t: Translate, format: "json" | "csv"): Promise<string | null> {
  try {
    const r = await fetch(`/api/user/personal_data/export?format=${format}`, {
      headers: callerHeaders(),
    });
    if (!r.ok)
      return ((await r.json().catch(() => null)) as { message?: string } | null)?.message ?? t(msg`下載失敗，請稍後再試`);
    const name = /filename="([^"]+)"/.exec(r.headers.get("content-disposition") ?? "")?.[1] ?? `personal-data.${format}`;
    const url = URL.createObjectURL(await r.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.click();
    URL.revokeObjectURL(url);
    return null;
  } catch {
    return t(msg`網路連線異常，請檢查網路後再試一次`);
  }
}

/** 下載我的資料: a copy in JSON or CSV; the latest download is read again afterwards. */
export function DownloadSection({ data, busy, setBusy }: SectionProps) {
  const { t } = useLingui();
  const alerts = useAlerts();
  const { revalidate } = useRevalidator();

  const latest = data.exports[0];
  const at = latest?.at ? formatDateTime(latest.at) : "";
  const fileType = FORMAT_LABELS[latest?.format ?? ""] ?? "";

  async function get(format: "json" | "csv") {
    setBusy(format);
    const failed = await download(t, format);
    setBusy(null);
    if (failed) return alerts.error(failed);
    await revalidate();
  }

  return (
    <section className="card" aria-labelledby="download-heading">
      <h2 id="download-heading" className="text-lg font-bold text-stone-800">
        {t`下載我的資料`}
      </h2>
      <p className="mt-2 text-stone-600">
        {t`一個檔案包含您的基本資料、收件地址、訂單（含商品與處理紀錄）、點數與錢包明細、優惠券、刮刮卡、雲端庫存、收款帳戶、通知與寄給您的訊息、客服詢問、收藏與第三方登入綁定（僅名稱）。`}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={busy !== null} onClick={() => void get("json")}>
          {busy === "json" ? t`準備中…` : t`下載 JSON 檔`}
        </button>
        <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void get("csv")}>
          {busy === "csv" ? t`準備中…` : t`下載 CSV 檔（可用 Excel 開啟）`}
        </button>
      </div>
      {latest && (
        <p className="mt-3 text-sm text-stone-500" data-testid="last-export">
          {t`最近下載：${at}（${fileType}）`}
        </p>
      )}
    </section>
  );
}

/** 註銷帳號: what closing means, then what stops it now or the form that confirms it. */
export function CloseAccountSection({ data, busy, setBusy }: SectionProps) {
  const { t } = useLingui();
  const show = useServerText();
  return (
    <section className="card" aria-labelledby="close-heading">
      <h2 id="close-heading" className="text-lg font-bold text-stone-800">
        {t`註銷帳號`}
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-stone-700">
        <li>{t`註銷後無法再登入，所有裝置將立即登出，且無法復原。`}</li>
        <li>{t`姓名、手機、電子郵件、收件地址、收款帳戶、通知與第三方登入綁定將被刪除。`}</li>
        <li>{t`訂單與發票依稅法規定保留，但收件人姓名、電話、地址與電子郵件會被遮蔽。`}</li>
        <li data-testid="forfeits">{forfeitText(t, data.forfeits)}</li>
        <li>{t`註銷後可用同一手機號碼重新註冊，但為全新帳號，不會保留原有資料。`}</li>
      </ul>

      {data.blockers.length > 0 ? (
        <div
          className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
          role="status"
          data-testid="close-blockers"
        >
          <p className="font-medium">{t`目前還不能註銷帳號：`}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {data.blockers.map((b) => {
              const shown = show(CLOSE_BLOCKERS, b.message);
              return (
                <li key={b.code} lang={shown.lang}>
                  {shown.text}
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <CloseForm data={data} busy={busy} setBusy={setBusy} />
      )}
    </section>
  );
}

/** Closing, confirmed by the password or, without one, a code sent to the member's phone. */
function CloseForm({ data, busy, setBusy }: SectionProps) {
  const { t } = useLingui();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const shop = useShop();
  const [password, setPassword] = useState("");
  const [captcha, setCaptcha] = useState("");
  const [understood, setUnderstood] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [wait, setWait] = useState(0);
  const phoneHint = data.phone_hint;
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function sendCode() {
    setBusy("code");
    const r = await api<{ resend_after_s: number }>("/api/user/personal_data/close_code", { body: {} });
    setBusy(null);
    if (!r.status) return alerts.error(r.message);
    setWait(r.data.resend_after_s);
    alerts.toast(r.message);
  }

  async function closeAccount(e: React.FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (data.confirm_with === "password" && !password) missing.password = t`請輸入登入密碼以確認註銷`;
    if (data.confirm_with === "sms" && !captcha) missing.captcha = t`請輸入簡訊驗證碼`;
    if (!understood) missing.confirm = t`請勾選「我了解帳號註銷後無法復原」`;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    if (!(await alerts.confirm(t`確定要註銷帳號嗎？註銷後無法登入，也無法復原。`))) return;
    setBusy("close");
    const r = await api("/api/user/personal_data/close", {
      body: data.confirm_with === "password" ? { password, confirm: true } : { captcha, confirm: true },
    });
    setBusy(null);
    if (!r.status) {
      setErrors(fieldErrors(r));
      return alerts.error(r.message);
    }
    storage.setToken(null);
    alerts.toast(r.message);
    navigate(shop.path("/"), { replace: true });
  }

  return (
    <form onSubmit={(e) => void closeAccount(e)} noValidate className="mt-5 flex max-w-md flex-col gap-4">
      {data.confirm_with === "password" ? (
        <Field
          label={t`登入密碼`}
          name="close-password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
      ) : (
        <Field
          label={t`簡訊驗證碼`}
          name="close-captcha"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={captcha}
          error={errors.captcha}
          hint={t`驗證碼將傳送至您的手機 ${phoneHint}`}
          onChange={(e) => setCaptcha(e.target.value)}
          addon={
            <button
              type="button"
              className="btn-secondary shrink-0 whitespace-nowrap"
              disabled={busy !== null || wait > 0}
              onClick={() => void sendCode()}
            >
              {wait > 0 ? t`${wait} 秒後重送` : t`取得驗證碼`}
            </button>
          }
        />
      )}
      <div>
        <label className="flex items-start gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            className="mt-1 h-4 w-4 accent-tea-700"
            checked={understood}
            onChange={(e) => setUnderstood(e.target.checked)}
          />
          <span>{t`我了解帳號註銷後無法復原，點數與未達提領門檻的錢包餘額將失效`}</span>
        </label>
        {errors.confirm && (
          <p className="field-error" role="alert">
            {errors.confirm}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="inline-flex items-center justify-center self-start rounded-lg bg-red-700 px-4 py-2.5 font-medium text-white transition hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
        disabled={busy !== null}
      >
        {busy === "close" ? t`處理中…` : t`註銷帳號`}
      </button>
    </form>
  );
}
