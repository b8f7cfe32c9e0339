import { useLingui } from "@lingui/react/macro";
import type { CaptchaPurpose } from "@shop/contract";
import { useEffect, useState } from "react";
import { api } from "../../lib/api";
import { useHydrated } from "../../lib/hydrated";
import { useAlerts } from "../../ui/alerts";

/** 「取得驗證碼」 with the 60-second resend countdown the server enforces. */
export function CaptchaButton({
  phone,
  purpose,
  validatePhone,
}: {
  phone: () => string;
  purpose: CaptchaPurpose;
  /** Returns false (and shows the field error) when the phone number is not valid yet. */
  validatePhone: () => Promise<boolean>;
}) {
  const { t } = useLingui();
  const alerts = useAlerts();
  const hydrated = useHydrated();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    if (!(await validatePhone())) return;
    setSending(true);
    const result = await api<{ resend_after_s?: number; retry_after_s?: number }>("/api/register/user/sendCaptcha", {
      body: { phone: phone(), purpose },
    });
    setSending(false);
    if (result.status) {
      setWait(result.data.resend_after_s ?? 60);
      alerts.toast(t`驗證碼已發送，請查看手機簡訊`);
    } else {
      // Too soon: the button counts down, and a line says why (nothing to tap).
      if (result.httpStatus === 429 && result.data?.retry_after_s && result.data.retry_after_s <= 60) {
        setWait(result.data.retry_after_s);
        return alerts.toast(result.message);
      }
      await alerts.error(result.message);
    }
  };

  return (
    <button
      type="button"
      className="btn-secondary shrink-0 whitespace-nowrap"
      onClick={() => void send()}
      disabled={!hydrated || sending || wait > 0}
    >
      {wait > 0 ? t`${wait} 秒後重送` : sending ? t`發送中…` : t`取得驗證碼`}
    </button>
  );
}
