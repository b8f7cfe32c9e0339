import type { IncomingHttpHeaders } from "node:http";
import type { Lang } from "@shop/contract";

/**
 * The language of the storefront page a call comes from: the web's API client sends
 * `x-page-lang: en` from an English page (decision 109). Never the browser's Accept-Language: a
 * Chinese page stays Chinese whatever the browser prefers. The back office never sends it.
 */
export const pageLangOf = (headers: IncomingHttpHeaders): Lang => (headers["x-page-lang"] === "en" ? "en" : "zh-TW");
