import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { isLiffEntry, liffDestination, type SimulatedLineUser } from "../features/auth/liff";
import { type LiffPage, liffOptions, liffSignIn } from "../features/auth/liff-sign-in";
import { langOfPath, translate } from "../i18n/runtime";
import { parseShopPrefix, shopScope } from "../lib/shop";
import { Field } from "../ui/Field";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/liff";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: translate(location.pathname, msg`LINE 登入｜茶山好物`) },
  { name: "robots", content: "noindex" },
];

const SIM_KEY = "simLineSub";

/**
 * /liff/liff_login_1…5 and /liff/Liff_AccountOverviewView: the pages a LINE official account's
 * menu opens inside the LINE app. Each signs in with LINE's ID token (the server verifies it),
 * sets `isLiff`, and goes on to home, product, order, bonus, share or the account overview
 * (features/auth/liff-sign-in.ts). With the real LINE this completes on arrival, here; in
 * 測試模式 the page first asks which LINE account to be, and the clientAction signs in.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<LiffPage> {
  const url = new URL(request.url);
  if (!isLiffEntry(url.pathname.split("/").pop() ?? ""))
    return { kind: "error", message: translate(url.pathname, msg`找不到此頁面`) };
  const options = await liffOptions(url.pathname);
  if (options.kind !== "live") return options;
  const shop = shopScope(parseShopPrefix(params.shopPrefix), langOfPath(url.pathname));
  return liffSignIn(url, shop, options.liffId, null);
}

/** 測試模式: signs in as the simulated LINE user the page was given. */
export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<LiffPage> {
  const form = await request.formData();
  const user = { subject: String(form.get("subject")), name: String(form.get("name")) };
  const url = new URL(request.url);
  const shop = shopScope(parseShopPrefix(params.shopPrefix), langOfPath(url.pathname));
  return liffSignIn(url, shop, String(form.get("liff_id")), user);
}

export function HydrateFallback() {
  const { t } = useLingui();
  return <LiffCard title={t`LINE 登入`} body={<SigningIn />} />;
}

export default function LiffEntryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const location = useLocation();
  const signer = useFetcher<typeof clientAction>();
  const entry = location.pathname.split("/").pop() ?? "";
  if (!isLiffEntry(entry)) return null;
  // The simulator's sign-in, once sent, is what the page shows.
  const phase: LiffPage = signer.state !== "idle" ? { kind: "signing_in" } : (signer.data ?? loaderData);
  const destination = liffDestination(entry, new URLSearchParams(location.search));
  return (
    <LiffCard
      destination={destination}
      title={phase.kind === "simulator" ? t`LINE 登入（測試模式）` : t`LINE 登入`}
      body={
        phase.kind === "signing_in" ? (
          <SigningIn />
        ) : phase.kind === "error" ? (
          <div className="mt-4 text-center">
            <p role="alert" className="text-stone-700">
              {phase.message}
            </p>
            <ShopLink to="/login" className="btn-primary mt-4">
              {t`前往會員登入`}
            </ShopLink>
          </div>
        ) : (
          <SimulatedLineApp
            onSubmit={(user) =>
              void signer.submit({ liff_id: phase.liffId, ...user }, { method: "post", defaultShouldRevalidate: false })
            }
          />
        )
      }
    />
  );
}

function LiffCard({ title, body, destination }: { title: string; body: ReactNode; destination?: string }) {
  return (
    <section className="card mx-auto w-full max-w-md" data-testid="liff-entry" data-destination={destination}>
      <h1 className="flex items-center justify-center gap-2 text-xl font-bold text-stone-800">
        <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-[#06c755]" />
        {title}
      </h1>
      {body}
    </section>
  );
}

function SigningIn() {
  const { t } = useLingui();
  return (
    <p role="status" className="mt-4 text-center text-stone-600">
      {t`正在透過 LINE 登入，請稍候…`}
    </p>
  );
}

/** 測試模式: stands in for the LINE app's signed-in account, which a real LIFF page never asks for. */
function SimulatedLineApp({ onSubmit }: { onSubmit: (user: SimulatedLineUser) => void }) {
  const { t } = useLingui();
  const defaultName = t`LINE 測試用戶`;
  const [subject, setSubject] = useState("");
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setSubject(localStorage.getItem(SIM_KEY) ?? ""), []);
  return (
    <form
      className="mt-4 flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const id = subject.trim();
        if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) return setError(t`測試帳號 ID 為 1–40 個英數字`);
        localStorage.setItem(SIM_KEY, id);
        onSubmit({ subject: id, name: name.trim() || defaultName });
      }}
    >
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
        {t`目前為測試模式：此頁面模擬 LINE App 內開啟的 LIFF 頁面，請輸入要模擬的 LINE 帳號。`}
      </p>
      <Field
        label={t`測試帳號 ID`}
        name="liff-subject"
        value={subject}
        error={error}
        onChange={(e) => setSubject(e.target.value)}
      />
      <Field label={t`顯示名稱`} name="liff-name" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="w-full rounded-lg bg-[#06c755] px-4 py-2.5 font-medium text-white hover:bg-[#05b34c]">
        {t`以此 LINE 帳號繼續`}
      </button>
    </form>
  );
}
