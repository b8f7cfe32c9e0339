import { ShopLink } from "../../ui/ShopLink";

/** The loading and not-found states the order pages share. */
export function OrderLoadState({
  state,
  title,
  action,
}: {
  state: { status: "loading" } | { status: "error"; message: string };
  title: string;
  action: string;
}) {
  if (state.status === "loading") {
    return (
      <section className="card">
        <p role="status">載入中…</p>
      </section>
    );
  }
  return (
    <section className="card text-center">
      <h1 className="text-xl font-bold text-stone-800">{title}</h1>
      <p className="mt-2 text-stone-600">{state.message}</p>
      <ShopLink to="/order_search" className="btn-primary mt-4">
        {action}
      </ShopLink>
    </section>
  );
}
