import { msg } from "@lingui/core/macro";
import type { Envelope, FieldError } from "@shop/contract/envelope";
import { type MessageDescriptor, translate } from "../i18n/runtime";
import { publishCartCount } from "./cart-count";
import { storage } from "./storage";

export type ApiResult<T> = Envelope<T> & { httpStatus: number };

type Query = Record<string, string | number | undefined>;

const NETWORK_ERROR = msg`網路連線異常，請檢查網路後再試一次`;
/** This client's own messages, in the language of the page it runs on. */
const say = (message: MessageDescriptor) => translate(window.location.pathname, message);
/** Set once a `logout` answer is sending the page home. */
let leaving = false;

/** True while a `logout` answer is taking the page home: what is left of this page waits for the next. */
export const leavingPage = () => leaving;

/**
 * The browser's API client: adds the bearer token, always resolves to the envelope, and on a
 * `logout` answer clears the token and sends the user to the mall's home page (specification §4),
 * remembering where they were: the shell then says why and offers to sign in and come back
 * (decision 49).
 */
export async function api<T = unknown>(
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown; query?: Query; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: "application/json", ...callerHeaders(), ...options.headers };
  const cartToken = storage.cartToken();
  if (cartToken) headers["x-cart-token"] = cartToken;
  if (method === "POST") headers["content-type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined });
  } catch {
    return { status: false, message: say(NETWORK_ERROR), data: null as T, httpStatus: 0 };
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    return { status: false, message: say(msg`伺服器回應異常，請稍後再試`), data: null as T, httpStatus: response.status };
  }
  // A visitor's first cart call hands out the cart token; signing in merges that cart away.
  const data = envelope.data as { cart_token?: unknown; token?: unknown; lines?: unknown } | null;
  if (data && typeof data.cart_token === "string") storage.setCartToken(data.cart_token);
  // Every cart call answers the whole cart: the badges follow each change.
  if (envelope.status && path.startsWith("/api/cart/") && Array.isArray(data?.lines)) publishCartCount(data.lines);
  if (envelope.status && cartToken && data && typeof data.token === "string") storage.setCartToken(null);
  // Calls in flight together may all be refused: the page is left once.
  if (envelope.message === "logout" && !leaving) {
    leaving = true;
    storage.setToken(null);
    const { pathname, search } = window.location;
    storage.setSignInExpiredAt(pathname + search);
    // The mall's home in the page's language.
    window.location.assign(`${/^(?:\/shop_\d+)?(?:\/en(?=\/|$))?/.exec(pathname)?.[0] ?? ""}/`);
  }
  return { ...envelope, httpStatus: response.status };
}

/**
 * Who calls and from which page, for calls made with fetch too (file downloads and uploads): the
 * member's bearer token, and `x-page-lang: en` on an English page so the server's refusals are in
 * English (decision 109; the page's own language, set on <html> from its address, not the browser's).
 */
export function callerHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = storage.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (document.documentElement.lang === "en") headers["x-page-lang"] = "en";
  return headers;
}

/** Field errors of a 400 answer, keyed by field name. */
export function fieldErrors(result: ApiResult<unknown>): Record<string, string> {
  const list = (result.data as { errors?: FieldError[] } | null)?.errors ?? [];
  return Object.fromEntries(list.map((e) => [e.field, e.message]));
}
