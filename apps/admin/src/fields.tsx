import { formatDateTime, formatMoney } from "@shop/contract/format";
import { FunctionField, type RaRecord } from "react-admin";

/** A select's choices from a code → zh-TW label table. */
export const labelChoices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

/** NT$1,234 — amounts are whole dollars everywhere. */
export const MoneyField = ({ source, label }: { source: string; label: string }) => (
  <FunctionField label={label} render={(r: RaRecord) => (typeof r[source] === "number" ? formatMoney(r[source]) : "")} />
);
/** YYYY/MM/DD HH:mm in Asia/Taipei. */
export const TaipeiDateField = ({ source, label }: { source: string; label: string }) => (
  <FunctionField label={label} render={(r: RaRecord) => (r[source] ? formatDateTime(r[source] as string) : "—")} />
);
export const ImageThumb = ({ source, label }: { source: string; label: string }) => (
  <FunctionField
    label={label}
    render={(r: RaRecord) => {
      const v = r[source] as { src?: string } | string | undefined;
      const src = typeof v === "string" ? v : v?.src;
      return src ? <img src={src} alt="" style={{ width: 48, height: 48, objectFit: "cover", borderRadius: 6 }} /> : null;
    }}
  />
);
