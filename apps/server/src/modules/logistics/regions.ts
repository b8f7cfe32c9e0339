import type { Region } from "@shop/contract/shipping";
import { COUNTIES, DISTRICTS } from "@shop/reference-data";

/**
 * Which addresses are 離島 (decision 89), named as the post office's data names them
 * (packages/reference-data postal.json): 澎湖縣, 金門縣 and 連江縣 (馬祖) whole, 臺東縣 綠島鄉 and
 * 蘭嶼鄉, 屏東縣 琉球鄉 (小琉球). Each island has the short name the buyer knows.
 */
const OUTLYING_COUNTIES: Record<string, string> = { 澎湖縣: "澎湖", 金門縣: "金門", 連江縣: "馬祖" };
const OUTLYING_DISTRICTS: Record<string, string> = {
  "臺東縣/綠島鄉": "綠島",
  "臺東縣/蘭嶼鄉": "蘭嶼",
  "屏東縣/琉球鄉": "小琉球",
};
/** The islands a cold chain (冷藏 / 冷凍) reaches: 澎湖 and 金門 have daily cold freight; the others do not. */
export const COLD_CHAIN_ISLANDS: readonly string[] = ["澎湖", "金門"];

export interface Destination {
  county: string;
  district: string;
}

const norm = (s: string) => s.trim().replace(/台/g, "臺");

/** The island's short name (澎湖, 綠島…) for a 離島 address, null for 本島. 臺 and 台 alike. */
export function islandOf(d: Destination): string | null {
  const county = norm(d.county);
  return OUTLYING_COUNTIES[county] ?? OUTLYING_DISTRICTS[`${county}/${norm(d.district)}`] ?? null;
}

export const regionOf = (d: Destination): Region => (islandOf(d) === null ? "main" : "outlying");

/**
 * The county and district at the start of an address written out (a store's address, 「澎湖縣馬公市
 * 中正路1號」, a leading postal code allowed); null when it names no county the post office knows.
 */
export function destinationOfText(text: string): Destination | null {
  const t = norm(text).replace(/^\d{3,6}\s*/, "");
  const county = COUNTIES.find((c) => t.startsWith(c));
  if (!county) return null;
  const rest = t.slice(county.length);
  const district = DISTRICTS.find((x) => x.county === county && rest.startsWith(x.district))?.district ?? "";
  return { county, district };
}
