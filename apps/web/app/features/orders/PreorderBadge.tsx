import { useLingui } from "@lingui/react/macro";

/** 預購 and the expected ship date beside a cart, checkout or order line (decision 96). */
export function PreorderBadge({ shipOn }: { shipOn?: string }) {
  const { t } = useLingui();
  if (!shipOn) return null;
  const date = shipOn.replace(/-/g, "/");
  return (
    <span
      className="inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
      data-testid="preorder-badge"
    >
      {t`預購・預計 ${date} 出貨`}
    </span>
  );
}
