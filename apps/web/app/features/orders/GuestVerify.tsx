import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { api } from "../../lib/api";
import { storage } from "../../lib/storage";
import { Field } from "../../ui/Field";
import { orderAccess } from "./order-access";

/**
 * A guest looking at their order by number and phone sees it masked (phone numbers are not
 * secret); a one-time SMS code to that phone shows it in full and allows cancelling it.
 */
export function GuestVerify({ orderNo, onVerified }: { orderNo: string; onVerified: () => Promise<unknown> }) {
  const { t } = useLingui();
  const phone = storage.orderPhone(orderNo) ?? "";
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setError("");
    const r = await api("/api/order/sendGuestCode", { body: { order_no: orderNo, phone } });
    setBusy(false);
    if (!r.status) return setError(r.message);
    setSent(true);
  }
  async function verify(e: React.FormEvent) {
    e.preventDefault();
    const captcha = code.trim();
    if (!/^\d{6}$/.test(captcha)) return setError(t`驗證碼為 6 位數字`);
    setBusy(true);
    setError("");
    const r = await api<{ access_token: string }>("/api/order/verifyGuestCode", {
      body: { order_no: orderNo, phone, captcha },
    });
    setBusy(false);
    if (!r.status) return setError(r.message);
    orderAccess.set(orderNo, r.data.access_token);
    await onVerified();
  }

  return (
    <section className="card border border-amber-200 bg-amber-50" aria-labelledby="guest-verify-title">
      <h2 id="guest-verify-title" className="font-bold text-amber-900">
        {t`為保護您的個人資料，收件資訊已部分隱藏`}
      </h2>
      <p className="mt-1 text-sm text-amber-900">{t`驗證訂購時填寫的手機後，即可查看完整資料或取消訂單。`}</p>
      {!sent ? (
        <button type="button" className="btn-primary mt-3" disabled={busy || !phone} onClick={() => void send()}>
          {busy ? t`傳送中…` : t`傳送簡訊驗證碼`}
        </button>
      ) : (
        <form onSubmit={verify} noValidate className="mt-3 flex flex-col gap-2 sm:max-w-sm">
          <Field
            label={t`簡訊驗證碼`}
            name="guest_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            hint={t`驗證碼已寄至訂購手機，10 分鐘內有效`}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t`驗證中…` : t`驗證`}
          </button>
        </form>
      )}
      {error && (
        <p className="field-error mt-2" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
