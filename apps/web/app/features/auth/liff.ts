import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "../../i18n/runtime";
import { api } from "../../lib/api";

/** Where each LIFF entry page goes once signed in. */
export type LiffEntry =
  | "liff_login_1"
  | "liff_login_2"
  | "liff_login_3"
  | "liff_login_4"
  | "liff_login_5"
  | "Liff_AccountOverviewView";

const DESTINATION: Record<LiffEntry, string> = {
  liff_login_1: "/",
  liff_login_2: "/product",
  liff_login_3: "/member/buy_list",
  liff_login_4: "/member/point",
  liff_login_5: "/member/share",
  Liff_AccountOverviewView: "/member/account_overview",
};

export function isLiffEntry(segment: string): segment is LiffEntry {
  return Object.hasOwn(DESTINATION, segment);
}

/** The in-app path an entry leads to; the product entry opens `?id=` (or `product_id=`) when given. */
export function liffDestination(entry: LiffEntry, query: URLSearchParams): string {
  if (entry !== "liff_login_2") return DESTINATION[entry];
  const id = query.get("id") ?? query.get("product_id");
  return id && /^[1-9]\d{0,9}$/.test(id) ? `/product/details?id=${id}` : DESTINATION.liff_login_2;
}

/** The simulated LINE user a 測試模式 LIFF page signs in as (the LINE app's account). */
export interface SimulatedLineUser {
  subject: string;
  name: string;
}

export type LiffToken = { kind: "token"; idToken: string } | { kind: "redirecting" } | { kind: "error"; message: string };

/**
 * LINE's ID token through the LIFF SDK, loaded only on these pages. Outside the LINE app LIFF
 * first sends the browser to LINE's login and back here. In 測試模式 the SDK runs with
 * @line/liff-mock and hands out a token the local LINE simulator signed, so the page takes the
 * same path through `liff.init`, `isLoggedIn` and `getIDToken` as with the real LINE app.
 */
export async function liffIdToken(
  liffId: string,
  simulated: SimulatedLineUser | null,
  t: (d: MessageDescriptor) => string,
): Promise<LiffToken> {
  const { default: liff } = await import("@line/liff");
  try {
    if (simulated) {
      const minted = await api<{ id_token: string }>("/api/idp-sim/line/liff-token", { body: simulated });
      if (!minted.status) return { kind: "error", message: minted.message };
      const { LiffMockPlugin } = await import("@line/liff-mock");
      liff.use(new LiffMockPlugin());
      await liff.init({ liffId, mock: true } as Parameters<typeof liff.init>[0]);
      (liff as unknown as MockedLiff).$mock.set((p) => ({
        ...p,
        isLoggedIn: true,
        getIDToken: minted.data.id_token,
        getProfile: { userId: simulated.subject, displayName: simulated.name },
      }));
    } else {
      await liff.init({ liffId });
    }
    if (!liff.isLoggedIn()) {
      liff.login({ redirectUri: window.location.href });
      return { kind: "redirecting" };
    }
    const idToken = liff.getIDToken();
    if (!idToken) return { kind: "error", message: t(msg`無法取得 LINE 身分資料，請確認已授權本商店使用您的 LINE 帳號`) };
    return { kind: "token", idToken };
  } catch {
    return { kind: "error", message: t(msg`LINE 初始化失敗，請關閉頁面後重新開啟`) };
  }
}

interface MockedLiff {
  $mock: { set(update: (prev: Record<string, unknown>) => Record<string, unknown>): void };
}
