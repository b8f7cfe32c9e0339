import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>;
        requestBody?: unknown;
        security?: unknown;
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      }
    >
  >;
}

describe("the OpenAPI document", () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it("is OpenAPI 3.1 and lists only the API", () => {
    expect(doc.openapi).toBe("3.1.0");
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.every((p) => p.startsWith("/api/"))).toBe(true);
    expect(paths).not.toContain("/api/openapi.json");
  });

  it("documents every admin route the permission table lists, with its body and parameters", async () => {
    const { ADMIN_ROUTES } = await import("../admin/routes.js");
    for (const r of ADMIN_ROUTES) {
      const path = `/api${r.url.replace(/:(\w+)/g, "{$1}")}`;
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${path}`).toBeDefined();
      for (const name of r.url.match(/:(\w+)/g) ?? []) {
        expect(
          op?.parameters?.some((p) => p.in === "path" && p.name === name.slice(1)),
          `${path} ${name}`,
        ).toBe(true);
      }
    }
    expect(doc.paths["/api/admin/products"]?.post?.requestBody).toBeDefined();
    expect(doc.paths["/api/admin/products"]?.post?.security).toEqual([{ staffToken: [] }]);
    expect(doc.paths["/api/admin/auth/login"]?.post?.security).toBeUndefined();
  });

  it("describes the answer of every operation", () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    const described = operations.filter(({ op }) =>
      // A success with its body's schema, or a redirect (which has no body).
      Object.entries(op.responses ?? {}).some(
        ([status, r]) => (/^2/.test(status) && Object.keys(r.content ?? {}).length > 0) || /^3/.test(status),
      ),
    );
    expect(operations.length).toBeGreaterThan(200);
    expect(
      operations.filter((o) => !described.includes(o)).map((o) => o.name),
      "operations without a response schema",
    ).toEqual([]);
    expect(described.length).toBe(operations.length);
  });

  it("keeps the specification's public paths, misspellings included", () => {
    for (const p of [
      "/api/contactu/email",
      "/api/front/fastoder/get",
      "/api/front/recommen/search",
      "/api/order/changeStratchCard",
      "/api/supmall/home",
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
  });
});
