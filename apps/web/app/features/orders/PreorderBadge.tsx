/** 預購 and the expected ship date beside a cart, checkout or order line (decision 96). */
export function PreorderBadge({ shipOn }: { shipOn?: string }) {
  if (!shipOn) return null;
  return (
    <span
      className="inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
      data-testid="preorder-badge"
    >
      預購・預計 {shipOn.replace(/-/g, "/")} 出貨
    </span>
  );
}
