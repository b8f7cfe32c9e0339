import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_STAFF } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../harness.js";

/**
 * Hostile-input sweep, generated from the OpenAPI document: every operation is called with
 * malformed, oversized, wrong-typed and injection payloads (in the path, the query and the body),
 * as an anonymous visitor, a member and the owner (so validation behind the guards runs too).
 * Nothing may answer 5xx, and no table may change.
 */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: Array<{ in: "path" | "query"; name: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const INJECTIONS = [
  "' OR '1'='1' --",
  "1; DROP TABLE members; --",
  '<script>alert("x")</script>',
  "../../../../etc/passwd",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell-style probe, meant literally
  "${jndi:ldap://127.0.0.1/a}",
  "%00\u0000",
  "😀".repeat(50),
];
const HUGE_STRING = "長".repeat(20_000);
const BAD_PATH_VALUES = ["abc", "-1", "0", "1.5", "99999999999999999999999", "%27%20OR%201%3D1", "..%2F..%2Fetc"];

/** Payloads for one body schema: wrong shapes, each property wrong-typed, oversized or hostile. */
function bodies(schema: JsonSchema | undefined): unknown[] {
  const out: unknown[] = [
    null,
    [],
    "text",
    12345,
    true,
    { __proto__: { admin: true } },
    { constructor: { prototype: { x: 1 } } },
  ];
  const props = Object.keys(schema?.properties ?? {});
  if (props.length === 0) return out;
  const every = (v: unknown) => Object.fromEntries(props.map((p) => [p, v]));
  out.push(every({ $gt: "" }), every([]), every(-1), every(1e308), every(HUGE_STRING), every(""));
  for (const s of INJECTIONS) out.push(every(s));
  return out;
}

/** Row counts of every table: a sweep that changes any of them changed something it must not. */
async function census(t: TestApp) {
  const tables = (await t.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%' order by tablename`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  const out: Record<string, number> = {};
  for (const { tablename } of tables.rows) {
    const r = (await t.database.db.execute(sql.raw(`select count(*)::int as n from "${tablename}"`))) as unknown as {
      rows: Array<{ n: number }>;
    };
    out[tablename] = r.rows[0]?.n ?? -1;
  }
  return out;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
const tokens: Array<{ who: string; token?: string }> = [{ who: "anonymous" }];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  tokens.push({ who: "member", token: await loginAs(t, DEMO_ACCOUNTS.member) });
  const staff = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
    body: { username: DEMO_STAFF.owner.username, password: DEMO_STAFF.owner.password },
  });
  tokens.push({ who: "owner", token: staff.body.data.token });
});
afterAll(() => t.close());

// Calls that end the caller's own session would stop the sweep from reaching the guarded code.
const SKIP = /\/(logout|test)\b/;

describe("OpenAPI hostile-input sweep", () => {
  it("never answers 5xx and changes nothing", { timeout: 300_000 }, async () => {
    const before = await census(t);
    const failures: string[] = [];
    let calls = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (SKIP.test(path)) continue;
      for (const [method, op] of Object.entries(ops)) {
        const verb = method.toUpperCase() as "GET" | "POST" | "PUT" | "DELETE";
        if (!["GET", "POST", "PUT", "DELETE"].includes(verb)) continue;
        const pathParams = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
        const queryParams = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
        const urls = (pathParams.length > 0 ? BAD_PATH_VALUES : ["-"]).map((bad) =>
          pathParams.reduce((u, name) => u.replace(`{${name}}`, bad), path),
        );
        const queries = [
          "",
          ...INJECTIONS.slice(0, 3).map((s) => queryParams.map((q) => `${q}=${encodeURIComponent(s)}`).join("&")),
          queryParams.map((q) => `${q}[]=1&${q}[$gt]=`).join("&"),
          queryParams.map((q) => `${q}=${"9".repeat(400)}`).join("&"),
        ].filter((_q, i) => i === 0 || queryParams.length > 0);
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        const payloads = verb === "GET" || verb === "DELETE" ? [undefined] : bodies(schema);

        // Admin routes check the staff token before validating anything: only the owner gets further.
        const callers = path.startsWith("/api/admin/")
          ? tokens.filter((c) => c.who === "owner")
          : tokens.filter((c) => c.who !== "owner");
        for (const { who, token } of callers) {
          for (const url of urls) {
            for (const q of queries) {
              for (const body of payloads) {
                const full = q ? `${url}?${q}` : url;
                const r = await t.call(verb, full, { token, body, ip: "10.9.9.9" });
                calls++;
                if (r.status >= 500) failures.push(`${who} ${verb} ${full} ${JSON.stringify(body)?.slice(0, 80)} → ${r.status}`);
              }
            }
          }
          // Bodies that are not JSON at all.
          if (verb !== "GET" && verb !== "DELETE") {
            for (const rawBody of ["{", "\u0000\u0001", `{"a":${"[".repeat(5000)}`]) {
              const r = await t.call(verb, urls[0] ?? path, { token, rawBody, ip: "10.9.9.9" });
              calls++;
              if (r.status >= 500)
                failures.push(`${who} ${verb} ${urls[0]} raw ${JSON.stringify(rawBody.slice(0, 20))} → ${r.status}`);
            }
          }
        }
      }
    }
    console.log(`hostile-input sweep: ${calls} calls, ${failures.length} 5xx`);
    expect(calls).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
    // One change is meant: a wrong current password on 修改密碼 counts on the account's sign-in lock
    // (decision 77), and the failure that locks it tells the member. Nothing else may move.
    const after = await census(t);
    const counted = ["member_sign_in_locks", "notifications", "outbox_messages"];
    const rest = (c: Record<string, number>) => Object.fromEntries(Object.entries(c).filter(([k]) => !counted.includes(k)));
    expect(rest(after)).toEqual(rest(before));
    const told = (await t.services.outbox.log({}, 1, 50)).rows.slice(
      0,
      (after.outbox_messages ?? 0) - (before.outbox_messages ?? 0),
    );
    expect(new Set(told.map((m) => m.subject))).toEqual(new Set(told.length ? ["帳號已暫時鎖定"] : []));
    expect((after.member_sign_in_locks ?? 0) - (before.member_sign_in_locks ?? 0)).toBeLessThanOrEqual(1);
  });
});
