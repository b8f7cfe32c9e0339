/**
 * Values for the OpenAPI sweeps, generated from each operation's JSON Schema: a plausible value
 * for every field (so a request gets past the fields that are not under test), and the edge
 * values a field is tried with — number boundaries the database cannot hold, numbers JSON cannot
 * write (raw JSON text), odd and oversized strings.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
}

/** A field value: a JSON value, or raw JSON text for what JSON.stringify cannot write (1e309, 2^53+1). */
export type Edge = { value: unknown; label: string } | { raw: string; label: string };

// Strings that match most of the contract's patterns; the first match is used.
const CANDIDATES = [
  "0912345678",
  "20261123000001",
  "12345",
  "123456",
  "100",
  "A123456789",
  "AB12345678901234",
  "/ABC1234",
  "22099131",
  "8585",
  "2026-11",
  "2026-11-23",
  "2026-11-23T00:00:00+08:00",
  "sweep@example.com",
  "/uploads/sweep.webp",
  "https://example.com/",
  "sweep-key-0001",
  "TEAFAN88",
  "abc",
];

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type);

/** A value the schema accepts, aiming at ids that do not exist (999999) so writes stop at a 404. */
export function plausible(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if ("const" in schema) return schema.const;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return plausible(alternatives[0]);
  switch (typeOf(schema)) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => plausible(schema.items ?? {}));
    case "integer":
    case "number": {
      const idLike = schema.exclusiveMinimum === 0 && (schema.maximum ?? 0) >= 2_147_483_647;
      if (idLike) return 999_999;
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return false;
    case "string": {
      if (schema.format === "date-time") return "2026-11-23T00:00:00+08:00";
      if (schema.format === "email") return "sweep@example.com";
      if (schema.pattern) {
        const re = new RegExp(schema.pattern);
        return CANDIDATES.find((c) => re.test(c)) ?? "abc";
      }
      return "測".repeat(Math.max(2, schema.minLength ?? 2));
    }
    default:
      return "abc";
  }
}

const NUMBER_EDGES: Edge[] = [
  { value: 0, label: "0" },
  { value: -1, label: "-1" },
  { value: 2_147_483_647, label: "2^31-1" },
  { value: 2_147_483_648, label: "2^31" },
  { raw: "9007199254740993", label: "2^53+1" },
  { raw: "1e309", label: "1e309" },
  { raw: "-1e309", label: "-1e309" },
  { value: 1.5, label: "1.5" },
  { value: "NaN", label: "'NaN'" },
  { value: "2147483648", label: "'2^31'" },
];
const STRING_EDGES: Edge[] = [
  { value: "", label: "empty" },
  { value: "長".repeat(10_000), label: "10k chars" },
  { value: "é\u0001\u001f\u007f\u200b", label: "control and non-ASCII" },
  { value: "NaN", label: "'NaN'" },
  { value: "1e309", label: "'1e309'" },
  { value: "-1", label: "'-1'" },
];

/** The edge values a field is tried with, by its type (numbers for ids, strings for texts, both when unsure). */
export function edges(schema: JsonSchema): Edge[] {
  const type = typeOf(schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema);
  if (type === "integer" || type === "number") return NUMBER_EDGES;
  if (type === "string") return schema.enum ? [...STRING_EDGES.slice(0, 3), { value: 0, label: "0" }] : STRING_EDGES;
  if (type === "boolean")
    return [
      { value: "true", label: "'true'" },
      { value: 1, label: "1" },
    ];
  if (type === "array") {
    const item = plausible(schema.items ?? {});
    return [
      { value: [], label: "[]" },
      { value: Array.from({ length: 1000 }, () => item), label: "1000 items" },
      ...edges(schema.items ?? {}).map((e) =>
        "raw" in e ? { raw: `[${e.raw}]`, label: `[${e.label}]` } : { value: [e.value], label: `[${e.label}]` },
      ),
    ];
  }
  return [{ value: {}, label: "{}" }, ...NUMBER_EDGES.slice(3, 6), ...STRING_EDGES.slice(1, 3)];
}

/** Query and path values are text: the same edges, as they would be typed into a URL. */
export const TEXT_EDGES = [
  "0",
  "-1",
  "2147483648",
  "9007199254740993",
  "1e309",
  "NaN",
  "1.5",
  "",
  "長".repeat(300),
  "a".repeat(10_000),
  "%00",
  "é",
];

/** The JSON text of `base` with the field at `path` set to the edge (raw text spliced in where JSON cannot say it). */
export function bodyWith(base: Record<string, unknown>, path: string[], edge: Edge): string {
  const marker = "__sweep_raw_value__";
  const copy = structuredClone(base);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1) as string] = "value" in edge ? edge.value : marker;
  const text = JSON.stringify(copy);
  return "raw" in edge ? text.replace(`"${marker}"`, edge.raw) : text;
}

/** Every field of a body schema to try, nested objects one level deep ("receiver.phone"). */
export function fieldPaths(schema: JsonSchema): Array<{ path: string[]; schema: JsonSchema }> {
  const out: Array<{ path: string[]; schema: JsonSchema }> = [];
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    out.push({ path: [key], schema: sub });
    const inner = sub.anyOf?.[0] ?? sub.oneOf?.[0] ?? sub;
    if (typeOf(inner) === "object") {
      for (const [k2, s2] of Object.entries(inner.properties ?? {})) out.push({ path: [key, k2], schema: s2 });
    }
  }
  return out;
}

/** Every request header the server reads, each set to the same hostile value. */
export function hostileHeaders(value: string, keepAuthorization?: string): Record<string, string> {
  return {
    authorization: keepAuthorization ? `Bearer ${keepAuthorization}` : `Bearer ${value}`,
    "x-cart-token": value,
    "idempotency-key": value,
    "x-hct-signature": value,
    "x-request-id": value,
    "x-forwarded-for": value,
    "user-agent": value,
    "accept-language": value,
    "x-page-lang": value,
    cookie: `g_csrf_token=${value}`,
    referer: value,
    origin: value,
  };
}

export const HEADER_VALUES = [
  { value: "é".repeat(64), label: "non-ASCII" },
  { value: "\t\u0001\u001f", label: "control characters" },
  { value: "x".repeat(10_000), label: "10k" },
];
