import { useLingui } from "@lingui/react/macro";
import type { DeviceWallet } from "@shop/contract/payment-methods";
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root";
import { ShopLink } from "../../ui/ShopLink";
import { deviceWallet } from "./device-check";

// The wallets' own names (PAYMENT_METHOD_LABELS'), kept here so this chunk shares nothing with checkout's.
const NAMES: Record<DeviceWallet, string> = { apple_pay: "Apple Pay", google_pay: "Google Pay" };

/**
 * The express Apple Pay / Google Pay entry (issue 48) of the product page (直接購買) and the cart.
 * The Payment Request sheet cannot ask for store pick-up or the e-invoice carrier, so the button
 * takes the shopper to checkout with the wallet chosen (`pay=`, read by preselect.ts); the sheet
 * opens there, for the quoted amount. Shown only after this device proves it can pay (never in
 * the server render); loaded lazily, so pages without it pay nothing for it.
 */
export default function DeviceWalletButton({ to }: { to: string }) {
  const { t } = useLingui();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const offered = root?.deviceWallets;
  const simulated = root?.walletSimulator ?? false;
  const [wallet, setWallet] = useState<DeviceWallet | null>(null);
  useEffect(() => {
    let live = true;
    if (offered?.length) void deviceWallet(offered, simulated).then((w) => live && setWallet(w));
    return () => {
      live = false;
    };
  }, [offered, simulated]);
  if (!wallet) return null;
  const name = NAMES[wallet];
  const testMode = t`（測試模式）`;
  const mode = simulated ? testMode : "";
  return (
    <div className="flex w-full flex-col gap-1" data-testid="device-wallet">
      <ShopLink
        to={`${to}${to.includes("?") ? "&" : "?"}pay=${wallet}`}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-black px-4 py-2.5 font-medium text-white hover:bg-stone-800"
        aria-label={t`使用 ${name} 結帳${mode}`}
      >
        {name}
        {simulated && testMode}
      </ShopLink>
      <p className="text-center text-xs text-stone-500">{t`下一步確認取貨方式與發票，再以 ${name} 付款`}</p>
    </div>
  );
}
