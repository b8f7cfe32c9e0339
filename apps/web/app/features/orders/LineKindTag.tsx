import { useLingui } from "@lingui/react/macro";
import { formatMoney } from "@shop/contract/format";
import { useContentLang } from "../../i18n/runtime";

type Kind = "goods" | "addon" | "gift" | undefined;

/** 加價購 or 贈品 beside a line's name (decision 93); nothing for bought goods. */
export function LineKindTag({ kind }: { kind: Kind }) {
  const { t } = useLingui();
  if (kind === "addon")
    return <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900">{t`加價購`}</span>;
  if (kind === "gift")
    return <span className="mr-1 rounded bg-rose-100 px-1.5 py-0.5 text-xs font-bold text-rose-900">{t`贈品`}</span>;
  return null;
}

/** The order's 加價購 items and gifts in one short list (the order-finish page). */
export function DealLinesNote({
  lines,
}: {
  lines: Array<{ kind?: Kind; name: string; variant_name: string; price: number; qty: number; variant_id: number }>;
}) {
  const contentLang = useContentLang();
  const extras = lines.filter((l) => l.kind === "addon" || l.kind === "gift");
  if (extras.length === 0) return null;
  return (
    <ul className="mt-4 space-y-1 text-sm text-stone-700" data-testid="finish-deals">
      {extras.map((l) => (
        <li key={`${l.kind}-${l.variant_id}`}>
          <LineKindTag kind={l.kind} />
          {contentLang ? (
            <span lang={contentLang}>
              {l.name}
              {l.variant_name ? `（${l.variant_name}）` : ""}
            </span>
          ) : (
            <>
              {l.name}
              {l.variant_name ? `（${l.variant_name}）` : ""}
            </>
          )}{" "}
          × {l.qty}　{l.kind === "gift" ? "NT$0" : formatMoney(l.price * l.qty)}
        </li>
      ))}
    </ul>
  );
}
