import { useLingui } from "@lingui/react/macro";
import { ShopLink } from "../../ui/ShopLink";

/** What an order page shows while its clientLoader first reads (its HydrateFallback). */
export function OrderLoading() {
  const { t } = useLingui();
  return (
    <section className="card">
      <p role="status">{t`載入中…`}</p>
    </section>
  );
}

/** The loading and not-found states the order pages share. */
export function OrderLoadState({
  state,
  title,
  action,
  to = "/order_search",
}: {
  state: { status: "loading" } | { status: "error"; message: string };
  title: string;
  action: string;
  /** Where the action goes (the guest order lookup unless told). */
  to?: string;
}) {
  if (state.status === "loading") return <OrderLoading />;
  return (
    <section className="card text-center">
      <h1 className="text-xl font-bold text-stone-800">{title}</h1>
      <p className="mt-2 text-stone-600">{state.message}</p>
      <ShopLink to={to} className="btn-primary mt-4">
        {action}
      </ShopLink>
    </section>
  );
}
