import { useCallback, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { useShop } from "./shop";
import { storage } from "./storage";

/**
 * The token as the page was loaded with it. Checks that run once the page is up (the mall check)
 * stand down when it has changed since: a sign-in or sign-out in between decides the mall itself.
 */
export const tokenAtLoad = typeof window === "undefined" ? null : storage.token();

function subscribe(onChange: () => void) {
  window.addEventListener("shop:auth", onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener("shop:auth", onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The stored token (null while server rendering: the token lives in the browser only). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, storage.token, () => null);
}

/**
 * Signs out: forgets the token here, goes home, and revokes the token on the server. The revoke is
 * sent last: awaiting it first left a moment in which a click on 登入 was undone by the late trip
 * home. `keepalive` lets it finish even if the shopper leaves the site at once.
 */
export function useLogout() {
  const navigate = useNavigate();
  const shop = useShop();
  return useCallback(async () => {
    const token = storage.token();
    storage.setToken(null);
    navigate(shop.path("/"));
    if (!token) return;
    await fetch("/api/auth/logout", {
      method: "POST",
      keepalive: true,
      headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "{}",
    }).catch(() => undefined); // offline: the token expires on its own
  }, [navigate, shop]);
}
