import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { AuthResult } from "@shop/contract/front-user";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { forgetTicket, pendingTicket } from "../features/auth/thirdParty";
import { translate } from "../i18n/runtime";
import { api } from "../lib/api";
import { storage } from "../lib/storage";
import { useAlerts } from "../ui/alerts";
import { Field, PHONE_INPUT } from "../ui/Field";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/threeway-bind";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: translate(location.pathname, msg`綁定會員帳號｜茶山好物`) },
  { name: "robots", content: "noindex" },
];

/**
 * /threeway/bind (ours): a LINE, Google or Facebook account nobody is bound to yet. The visitor
 * binds it to their existing account, or registers a new member with it (the SMS code proves the
 * phone; a password is optional).
 */
export default function ThreeWayBind() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const [ticket, setTicket] = useState<ReturnType<typeof pendingTicket>>(null);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [reg, setReg] = useState({ phone: "", captcha: "", name: "", password: "" });
  useEffect(() => {
    const found = pendingTicket();
    setTicket(found);
    if (found?.name) setReg((r) => ({ ...r, name: found.name }));
    setLoaded(true);
  }, []);

  async function finish(body: Record<string, unknown>) {
    if (!ticket) return;
    setBusy(true);
    try {
      const r = await api<AuthResult>("/api/auth/threeWayLoginBind", { body: { bind_ticket: ticket.bind_ticket, ...body } });
      if (!r.status) return alerts.error(r.message);
      forgetTicket();
      storage.setToken(r.data.token);
      alerts.toast(r.message);
      navigate(ticket.next, { replace: true });
    } finally {
      setBusy(false);
    }
  }
  async function sendCode() {
    const r = await api("/api/register/user/sendCaptcha", { body: { phone: reg.phone, purpose: "register" } });
    if (r.status) alerts.toast(t`驗證碼已發送`);
    else await alerts.error(r.message);
  }

  if (!loaded) return <p role="status">{t`載入中…`}</p>;
  if (!ticket)
    return (
      <section className="card mx-auto w-full max-w-md text-center">
        <h1 className="text-xl font-bold text-stone-800">{t`綁定資料已失效`}</h1>
        <p className="mt-2 text-stone-600">{t`請重新使用第三方帳號登入。`}</p>
        <ShopLink to="/login" className="btn-primary mt-4">
          {t`回到登入`}
        </ShopLink>
      </section>
    );
  // The provider's name (LINE, Google, Facebook) and the member's name there.
  const label = ticket.label;
  const name = ticket.name || t`${label} 使用者`;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5">
      <section className="card">
        <h1 className="text-xl font-bold text-stone-800">{t`綁定您的 ${label} 帳號`}</h1>
        <p className="mt-2 text-stone-600">
          {t`${name}，這個 ${label} 帳號尚未綁定會員。請登入既有帳號完成綁定，或註冊新會員。`}
        </p>
      </section>
      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">{t`我已經是會員`}</h2>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void finish({ account, password });
          }}
        >
          <Field
            label={t`手機號碼或電子郵件`}
            name="bind-account"
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
          <Field
            label={t`密碼`}
            name="bind-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            {t`登入並綁定`}
          </button>
        </form>
      </section>
      <section className="card">
        <h2 className="mb-3 text-lg font-bold text-stone-800">{t`註冊新會員`}</h2>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void finish({ register: { phone: reg.phone, captcha: reg.captcha, name: reg.name, password: reg.password } });
          }}
        >
          <Field
            label={t`手機號碼`}
            name="reg-phone"
            {...PHONE_INPUT}
            value={reg.phone}
            onChange={(e) => setReg({ ...reg, phone: e.target.value })}
            addon={
              <button type="button" className="btn-secondary shrink-0" onClick={() => void sendCode()}>
                {t`取得驗證碼`}
              </button>
            }
          />
          <Field
            label={t`簡訊驗證碼`}
            name="reg-captcha"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={reg.captcha}
            onChange={(e) => setReg({ ...reg, captcha: e.target.value })}
          />
          <Field label={t`姓名`} name="reg-name" value={reg.name} onChange={(e) => setReg({ ...reg, name: e.target.value })} />
          <Field
            label={t`密碼（選填）`}
            name="reg-password"
            type="password"
            autoComplete="new-password"
            hint={t`不設定密碼也可以用第三方帳號登入；之後可用「忘記密碼」設定。`}
            value={reg.password}
            onChange={(e) => setReg({ ...reg, password: e.target.value })}
          />
          <p className="text-sm text-stone-600">
            {t`註冊即表示您同意`}
            <ShopLink to="/terms" className="mx-1 text-tea-700 underline" target="_blank">
              {t`會員服務條款`}
            </ShopLink>
            {t`與`}
            <ShopLink to="/policy" className="mx-1 text-tea-700 underline" target="_blank">
              {t`隱私權政策`}
            </ShopLink>
          </p>
          <button type="submit" className="btn-primary" disabled={busy}>
            {t`註冊並綁定`}
          </button>
        </form>
      </section>
    </div>
  );
}
