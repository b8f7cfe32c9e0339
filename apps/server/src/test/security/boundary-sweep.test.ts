import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_STAFF } from "../../demo/seed.js";
import { createTestApp, loginAs, type TestApp } from "../harness.js";
import {
  bodyWith,
  edges,
  fieldPaths,
  HEADER_VALUES,
  hostileHeaders,
  type JsonSchema,
  plausible,
  TEXT_EDGES,
} from "./sweep-values.js";

/**
 * Boundary sweep, generated from the OpenAPI document (decision 30): every field of every
 * operation — path, query and body, nested objects one level deep — is tried with edge values
 * (0, −1, 2^31−1, 2^31, 2^53+1, ±1e309, 1.5, NaN strings, 10k strings, control characters),
 * the other fields plausible so the value under test is reached; and every request header the
 * server reads is tried with non-ASCII, control characters and 10k values, with and without a
 * valid session. Nothing may answer 5xx.
 */
interface Operation {
  parameters?: Array<{ in: "path" | "query"; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
const tokens = { seller: "", owner: "" };

async function login() {
  tokens.seller = await loginAs(t, DEMO_ACCOUNTS.seller);
  const staff = await t.call<{ token: string }>("POST", "/api/admin/auth/login", {
    body: { username: DEMO_STAFF.owner.username, password: DEMO_STAFF.owner.password },
  });
  tokens.owner = staff.body.data.token;
}

beforeAll(async () => {
  // With the carrier's secret set, so the signature check of its push is reached too.
  t = await createTestApp({ env: { HCT_NOTIFY_SECRET: "sweep-secret-0123456789" } });
  doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  await login();
});
afterAll(() => t.close());

// Calls that end the caller's own session would stop the sweep from reaching the guarded code.
const SKIP = /\/(logout|test)\b/;

describe("OpenAPI boundary sweep", () => {
  it("answers every edge value and hostile header with 2xx–4xx, never 5xx", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const perOperation: number[] = [];
    let calls = 0;
    let relogins = 0;
    const send = async (method: string, url: string, token: string, raw?: string, headers?: Record<string, string>) => {
      calls++;
      let status: number;
      try {
        const r = await t.app.inject({
          method: method as "GET",
          url,
          remoteAddress: "10.8.8.8",
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(raw !== undefined ? { "content-type": "application/json" } : {}),
            ...headers,
          },
          payload: raw,
        });
        status = r.statusCode;
      } catch (error) {
        // The HTTP layer itself refuses the request (as Node's parser would): not the app's 5xx.
        if (String(error).includes("Invalid character in header")) return;
        throw error;
      }
      if (status >= 500)
        failures.push(
          `${method} ${url.slice(0, 120)} ${raw?.slice(0, 80) ?? ""} ${JSON.stringify(headers ?? {}).slice(0, 60)} → ${status}`,
        );
    };

    for (const [path, ops] of Object.entries(doc.paths)) {
      if (SKIP.test(path)) continue;
      for (const [method, op] of Object.entries(ops)) {
        const verb = method.toUpperCase();
        if (!["GET", "POST", "PUT", "DELETE"].includes(verb)) continue;
        const before = calls;
        const token = path.startsWith("/api/admin/") ? tokens.owner : tokens.seller;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === "path");
        const queryParams = params.filter((p) => p.in === "query");
        const urlWith = (pathValues: Record<string, string>, query: Record<string, string>) => {
          const u = pathParams.reduce((acc, p) => acc.replace(`{${p.name}}`, encodeURIComponent(pathValues[p.name] ?? "")), path);
          const q = new URLSearchParams(query).toString();
          return q ? `${u}?${q}` : u;
        };
        const basePath = Object.fromEntries(pathParams.map((p) => [p.name, String(plausible(p.schema ?? {}))]));
        const baseQuery = Object.fromEntries(queryParams.map((p) => [p.name, String(plausible(p.schema ?? {}))]));
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        const baseBody = schema ? (plausible(schema) as Record<string, unknown>) : undefined;
        const baseRaw = baseBody ? JSON.stringify(baseBody) : verb === "POST" || verb === "PUT" ? "{}" : undefined;

        for (const p of pathParams)
          for (const v of TEXT_EDGES) await send(verb, urlWith({ ...basePath, [p.name]: v }, baseQuery), token, baseRaw);
        for (const p of queryParams)
          for (const v of TEXT_EDGES) await send(verb, urlWith(basePath, { ...baseQuery, [p.name]: v }), token, baseRaw);
        if (schema && baseBody && typeof baseBody === "object") {
          for (const field of fieldPaths(schema)) {
            for (const edge of edges(field.schema))
              await send(verb, urlWith(basePath, baseQuery), token, bodyWith(baseBody, field.path, edge));
          }
        }
        for (const h of HEADER_VALUES) {
          await send(verb, urlWith(basePath, baseQuery), "", baseRaw, hostileHeaders(h.value));
          await send(verb, urlWith(basePath, baseQuery), "", baseRaw, hostileHeaders(h.value, token));
        }
        perOperation.push(calls - before);
        // A call may have ended a session (a password change, a role change): sign in again.
        const me = await t.call("GET", "/api/user/get", { token: tokens.seller });
        const staffMe = await t.call("GET", "/api/admin/auth/me", { token: tokens.owner });
        if (me.status !== 200 || staffMe.status !== 200) {
          relogins++;
          await login();
        }
      }
    }
    console.log(
      `boundary sweep: ${perOperation.length} operations, ${calls} calls (${Math.min(...perOperation)}–${Math.max(...perOperation)} per operation), ${relogins} re-logins, ${failures.length} 5xx`,
    );
    expect(perOperation.length).toBeGreaterThan(200);
    expect(calls).toBeGreaterThan(6_000);
    expect(failures).toEqual([]);
  });
});
