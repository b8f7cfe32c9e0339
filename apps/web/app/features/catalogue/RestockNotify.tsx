import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { api, fieldErrors } from "../../lib/api";
import { useToken } from "../../lib/auth";
import { useShop } from "../../lib/shop";
import { useAlerts } from "../../ui/alerts";
import { Field } from "../../ui/Field";

/**
 * 到貨通知 on a sold-out variant (decision 53), loaded when 到貨通知我 is pressed: a member is
 * signed up at once and told as they chose; a visitor leaves an e-mail or a mobile number in a
 * small dialog, a number proven with the code texted to it (decision 77). Told once, when it is back.
 */
export default function RestockNotify({ variantId, onDone }: { variantId: number; onDone(): void }) {
  const { t } = useLingui();
  const token = useToken();
  const shop = useShop();
  const alerts = useAlerts();
  const dialog = useRef<HTMLDialogElement>(null);
  const [contact, setContact] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // A visitor's phone gets a code first (decision 77); the request is made with it.
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [said, setSaid] = useState("");

  async function send(extra: { email?: string; phone?: string; code?: string }) {
    setBusy(true);
    const r = await api<{ needs_code: boolean }>("/api/product/restock_notify", {
      body: { variant_id: variantId, shop_id: shop.shopId, ...extra },
    });
    setBusy(false);
    if (r.status && r.data?.needs_code && extra.phone) {
      setCodeFor(extra.phone);
      setSaid(r.message);
      return;
    }
    if (r.status) {
      dialog.current?.close();
      alerts.toast(r.message);
      return onDone();
    }
    const field = Object.values(fieldErrors(r))[0];
    if (field && !token) return setError(field);
    dialog.current?.close();
    await alerts.error(r.message);
    onDone();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when pressed
  useEffect(() => {
    if (token) void send({});
    else dialog.current?.showModal();
  }, []);

  function submitVisitor(e: React.FormEvent) {
    e.preventDefault();
    if (codeFor) {
      if (!/^\d{6}$/.test(code.trim())) return setError(t`請輸入簡訊中的 6 位數驗證碼`);
      return void send({ phone: codeFor, code: code.trim() });
    }
    const value = contact.trim();
    if (!value) return setError(t`請輸入電子郵件或手機號碼`);
    // The server reads a phone however it is typed (normalizeMobile); an @ makes it an e-mail.
    void send(value.includes("@") ? { email: value } : { phone: value });
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="restock-title"
      className="m-auto w-[min(92vw,24rem)] rounded-2xl p-0 shadow-xl backdrop:bg-black/40"
      onCancel={onDone}
    >
      <form onSubmit={submitVisitor} noValidate className="space-y-4 p-5">
        <h2 id="restock-title" className="text-lg font-bold text-stone-800">
          {t`到貨通知`}
        </h2>
        <p className="text-sm text-stone-600">{t`這個規格目前售完，到貨時會以電子郵件或簡訊通知您一次。`}</p>
        {codeFor ? (
          <>
            <p role="status" className="text-sm text-emerald-700">
              {said}
            </p>
            <Field
              label={t`簡訊驗證碼`}
              name="restock-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              error={error}
              onChange={(e) => {
                setCode(e.target.value);
                setError(undefined);
              }}
            />
          </>
        ) : (
          <Field
            label={t`電子郵件或手機號碼`}
            name="restock-contact"
            autoComplete="email"
            value={contact}
            error={error}
            onChange={(e) => {
              setContact(e.target.value);
              setError(undefined);
            }}
          />
        )}
        <div className="flex gap-3">
          <button
            type="button"
            className="btn-secondary min-h-11 flex-1"
            onClick={() => {
              dialog.current?.close();
              onDone();
            }}
          >
            {t`取消`}
          </button>
          <button type="submit" className="btn-primary min-h-11 flex-1" disabled={busy}>
            {codeFor ? t`確認` : t`通知我`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
