import { useCallback, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { api } from "./api";
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

/** Signs out: revokes the token on the server, forgets it here, and goes home. */
export function useLogout() {
  const navigate = useNavigate();
  const shop = useShop();
  return useCallback(async () => {
    if (storage.token()) await api("/api/auth/logout", { method: "POST", body: {} });
    storage.setToken(null);
    navigate(shop.path("/"));
  }, [navigate, shop]);
}
