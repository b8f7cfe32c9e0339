import { useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { api } from "../../lib/api";
import { storage } from "../../lib/storage";
import type { AlertMessage } from "../../ui/alerts";
import { BankGate } from "../bank/BankGate";
import { HomeScreen } from "./HomeScreen";
import { useExpiredSignInNotice, useStartupChecks } from "./startup";

/**
 * What the shell checks once the page is up: the mall check, an expired sign-in, the cart's count
 * for the badges (again after each page change: an order placed or a sign-in merging a visitor's
 * cart changes it without a cart call), whether a seller must give a payout bank account, and the
 * shop as an app on the phone (service worker, offline notice, install prompt).
 * Loaded after the page: nothing here paints until it is needed.
 */
export default function SessionChecks({ remind }: { remind: (message: AlertMessage) => Promise<void> }) {
  useStartupChecks();
  useExpiredSignInNotice(remind);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: recounted on each page change by design
  useEffect(() => {
    if (storage.token() || storage.cartToken()) void api("/api/cart/search", { body: {} });
  }, [pathname]);
  const shop = (useRouteLoaderData("root") as { shop?: { id: number; name: string } | null } | undefined)?.shop ?? null;
  return (
    <>
      <BankGate />
      <HomeScreen pathname={pathname} shop={shop} />
    </>
  );
}
