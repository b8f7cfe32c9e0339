import type { AuthResult, BindTicketView, SignInProvider, ThreeWayStart } from "@shop/contract/front-user";
import { type Lang, langOfPath } from "../../i18n/runtime";
import { type ApiResult, api } from "../../lib/api";
import { storage } from "../../lib/storage";

/** What a redirect sign-in must remember across the provider's pages (kept in this tab only). */
export interface PendingSignIn {
  provider: SignInProvider;
  purpose: "login" | "bind";
  /** Where to go afterwards (a same-site path). */
  next: string;
  /** The language of the page the flow started on: the callback's address has none. */
  lang?: Lang;
}

const pendingKey = (state: string) => `threeway:${state}`;
const TICKET_KEY = "threeway:ticket";

function rememberPending(state: string, p: PendingSignIn) {
  sessionStorage.setItem(pendingKey(state), JSON.stringify(p));
}
export function takePending(state: string): PendingSignIn | null {
  const raw = sessionStorage.getItem(pendingKey(state));
  sessionStorage.removeItem(pendingKey(state));
  try {
    return raw ? (JSON.parse(raw) as PendingSignIn) : null;
  } catch {
    return null;
  }
}

/** Starts a flow on the server; LINE and Facebook then leave for the provider's page. */
export async function startThreeWay(provider: SignInProvider, purpose: "login" | "bind", next: string) {
  const r = await api<ThreeWayStart>("/api/threeway/start", { body: { provider, purpose } });
  if (!r.status) return r;
  rememberPending(r.data.state, { provider, purpose, next, lang: langOfPath(window.location.pathname) });
  if (r.data.authorize_url) window.location.assign(r.data.authorize_url);
  return r;
}

/** The visit's sub-mall and referral code go along, so a registration keeps them. */
export function visitContext(): { shop_id?: number; refcode?: string } {
  const shop = Number(storage.subMall()?.replace("shop_", ""));
  const refcode = storage.refcode();
  return { ...(Number.isInteger(shop) && shop > 1 ? { shop_id: shop } : {}), ...(refcode ? { refcode } : {}) };
}

export type SignInOutcome =
  | { kind: "signed_in"; next: string }
  | { kind: "ticket"; next: string }
  | { kind: "error"; message: string };

/** A known identity signs in; an unknown one is kept for the bind page. */
export function settle(r: ApiResult<AuthResult | BindTicketView>, next: string): SignInOutcome {
  if (r.status) {
    storage.setToken((r.data as AuthResult).token);
    return { kind: "signed_in", next };
  }
  const data = r.data as BindTicketView | null;
  if (data && typeof data === "object" && "bind_ticket" in data) {
    sessionStorage.setItem(TICKET_KEY, JSON.stringify({ ...data, next }));
    return { kind: "ticket", next };
  }
  return { kind: "error", message: r.message };
}

export function pendingTicket(): (BindTicketView & { next: string }) | null {
  try {
    const raw = sessionStorage.getItem(TICKET_KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}
export const forgetTicket = () => sessionStorage.removeItem(TICKET_KEY);
