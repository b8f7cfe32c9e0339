import type { AuthResult, BindTicketView, SignInOptions } from "@shop/contract/front-user";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { isLiffEntry, liffDestination, liffIdToken, type SimulatedLineUser } from "../features/auth/liff";
import { settle } from "../features/auth/thirdParty";
import { api } from "../lib/api";
import { parseShopPrefix, shopScope, useShop } from "../lib/shop";
import { storage } from "../lib/storage";
import { Field } from "../ui/Field";
import { ShopLink } from "../ui/ShopLink";
import type { Route } from "./+types/liff";

export const meta: Route.MetaFunction = () => [{ title: "LINE 登入｜茶山好物" }, { name: "robots", content: "noindex" }];

const SIM_KEY = "simLineSub";

type Phase =
  | { kind: "loading" }
  | { kind: "simulator"; liffId: string }
  | { kind: "signing_in" }
  | { kind: "error"; message: string };

/**
 * /liff/liff_login_1…5 and /liff/Liff_AccountOverviewView: the pages a LINE official account's
 * menu opens inside the LINE app. Each signs in with LINE's ID token (the server verifies it),
 * sets `isLiff`, and goes on to home, product, order, bonus, share or the account overview. A
 * LINE user nobody is bound to yet goes to the bind-or-register page, keeping shop and refcode.
 */
export default function LiffEntryPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const shop = useShop();
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const started = useRef(false);

  const entry = location.pathname.split("/").pop() ?? "";
  const query = new URLSearchParams(location.search);

  const signIn = useCallback(
    async (liffId: string, simulated: SimulatedLineUser | null) => {
      setPhase({ kind: "signing_in" });
      const token = await liffIdToken(liffId, simulated);
      if (token.kind === "redirecting") return;
      if (token.kind === "error") return setPhase({ kind: "error", message: token.message });
      if (!isLiffEntry(entry)) return setPhase({ kind: "error", message: "找不到此頁面" });
      const params = new URLSearchParams(window.location.search);
      const destination = liffDestination(entry, params);
      // The shop comes from the URL (/shop_2/liff/…) or ?shop_id=; the referrer's code likewise.
      const shopId = shop.shopId > 1 ? shop.shopId : parseShopPrefix(`shop_${params.get("shop_id") ?? ""}`);
      const refcode = params.get("refcode") ?? storage.refcode() ?? undefined;
      const r = await api<AuthResult | BindTicketView>("/api/auth/liff_login", {
        body: { id_token: token.idToken, ...(shopId && shopId > 1 ? { shop_id: shopId } : {}), ...(refcode ? { refcode } : {}) },
      });
      const here = shopScope(shopId);
      const out = settle(r, here.path(destination));
      if (out.kind === "error") return setPhase({ kind: "error", message: out.message });
      storage.setIsLiff("1");
      if (out.kind === "ticket") return navigate(here.path("/threeway/bind"), { replace: true });
      // A member belongs to one mall: go on inside theirs.
      navigate(shopScope((r.data as AuthResult).user.shop_id).path(destination), { replace: true });
    },
    [entry, navigate, shop.shopId],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void api<SignInOptions>("/api/threeway/options").then((r) => {
      const line = r.status ? r.data.providers.find((p) => p.provider === "line") : undefined;
      if (!r.status) return setPhase({ kind: "error", message: r.message });
      if (!line || !r.data.liff_id) return setPhase({ kind: "error", message: "本商店尚未開放 LINE 登入，請使用其他方式登入" });
      if (line.simulated) return setPhase({ kind: "simulator", liffId: r.data.liff_id });
      void signIn(r.data.liff_id, null);
    });
  }, [signIn]);

  if (!isLiffEntry(entry)) return null;
  return (
    <section className="card mx-auto w-full max-w-md" data-testid="liff-entry" data-destination={liffDestination(entry, query)}>
      <h1 className="flex items-center justify-center gap-2 text-xl font-bold text-stone-800">
        <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-[#06c755]" />
        {phase.kind === "simulator" ? "LINE 登入（測試模式）" : "LINE 登入"}
      </h1>
      {phase.kind === "loading" || phase.kind === "signing_in" ? (
        <p role="status" className="mt-4 text-center text-stone-600">
          正在透過 LINE 登入，請稍候…
        </p>
      ) : phase.kind === "error" ? (
        <div className="mt-4 text-center">
          <p role="alert" className="text-stone-700">
            {phase.message}
          </p>
          <ShopLink to="/login" className="btn-primary mt-4">
            前往會員登入
          </ShopLink>
        </div>
      ) : (
        <SimulatedLineApp onSubmit={(user) => void signIn(phase.liffId, user)} />
      )}
    </section>
  );
}

/** 測試模式: stands in for the LINE app's signed-in account, which a real LIFF page never asks for. */
function SimulatedLineApp({ onSubmit }: { onSubmit: (user: SimulatedLineUser) => void }) {
  const [subject, setSubject] = useState("");
  const [name, setName] = useState("LINE 測試用戶");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setSubject(localStorage.getItem(SIM_KEY) ?? ""), []);
  return (
    <form
      className="mt-4 flex flex-col gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const id = subject.trim();
        if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) return setError("測試帳號 ID 為 1–40 個英數字");
        localStorage.setItem(SIM_KEY, id);
        onSubmit({ subject: id, name: name.trim() || "LINE 測試用戶" });
      }}
    >
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
        目前為測試模式：此頁面模擬 LINE App 內開啟的 LIFF 頁面，請輸入要模擬的 LINE 帳號。
      </p>
      <Field label="測試帳號 ID" name="liff-subject" value={subject} error={error} onChange={(e) => setSubject(e.target.value)} />
      <Field label="顯示名稱" name="liff-name" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="w-full rounded-lg bg-[#06c755] px-4 py-2.5 font-medium text-white hover:bg-[#05b34c]">
        以此 LINE 帳號繼續
      </button>
    </form>
  );
}
