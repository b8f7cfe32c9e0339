import { useEffect } from "react";
import { useLocation } from "react-router";
import { api } from "../../lib/api";
import { storage } from "../../lib/storage";
import { BankGate } from "../bank/BankGate";
import { useExpiredSignInNotice, useStartupChecks } from "./startup";

/**
 * What the shell checks once the page is up: the mall check, an expired sign-in, the cart's count
 * for the badges (again after each page change: an order placed or a sign-in merging a visitor's
 * cart changes it without a cart call), and whether a seller must give a payout bank account.
 * Loaded after the page: nothing here paints until it is needed.
 */
export default function SessionChecks({ remind }: { remind: (message: string) => Promise<void> }) {
  useStartupChecks();
  useExpiredSignInNotice(remind);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: recounted on each page change by design
  useEffect(() => {
    if (storage.token() || storage.cartToken()) void api("/api/cart/search", { body: {} });
  }, [pathname]);
  return <BankGate />;
}
