import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AdminDashboard } from "@shop/contract/admin";
import type { SystemStatus } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, staffTokens, type TestApp } from "../../test/harness.js";
import { createErrorReporter } from "./error-reporter.js";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";

const metricValue = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1] ?? Number.NaN);

describe("eyes on the money: /metrics, 待處理異常 and 系統狀態", () => {
  let t: TestApp;
  let owner: string;
  let support: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
    ({ owner, support } = await staffTokens(t));
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

  test("/metrics answers only with the token, with HTTP, event-loop and stuck-work figures", async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape("Bearer wrong-token-wrong-token-wrong")).statusCode).toBe(401);
    await t.call("GET", "/api/product/get?id=1");
    const r = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("text/plain");
    for (const name of ["http_request_duration_seconds_bucket", "nodejs_eventloop_lag_p99_seconds", "shop_outbox_waiting"])
      expect(r.body).toContain(name);
    for (const gauge of [
      "shop_jobs_failed",
      "shop_invoices_parked",
      "shop_payments_in_doubt",
      "shop_payments_wrong_amount",
      "shop_orders_overdue",
      "shop_shipments_silent",
      "shop_outbox_failed",
    ])
      expect(metricValue(r.body, gauge), gauge).toBe(0);
  });

  test("a job that fails five times shows in /metrics, on the dashboard and on 系統狀態; staff retry or dismiss it", async () => {
    let calls = 0;
    t.services.jobs.register("test.always_fails", async () => {
      calls++;
      throw new Error("the provider said no");
    });
    const job = await t.services.jobs.enqueue("test.always_fails", {});
    for (let i = 0; i < 5; i++) {
      await t.services.jobs.runDue();
      t.clock.advance(3600);
    }
    expect(calls).toBe(5);
    await new Promise((r) => setTimeout(r, 5100)); // the scrape's counts are kept 5 s
    expect(metricValue((await scrape(`Bearer ${METRICS_TOKEN}`)).body, "shop_jobs_failed")).toBe(1);
    const dash = (await t.call<AdminDashboard>("GET", "/api/admin/dashboard", { token: owner })).body.data;
    expect(dash.anomalies.jobs_failed).toBe(1);
    const status = (await t.call<SystemStatus>("GET", "/api/admin/system", { token: owner })).body.data;
    expect(status.failed_jobs).toEqual([
      expect.objectContaining({ id: job?.id, kind: "test.always_fails", attempts: 5, last_error: "the provider said no" }),
    ]);
    // Support may not see or touch it.
    expect((await t.call("GET", "/api/admin/system", { token: support })).status).toBe(403);
    expect((await t.call("POST", `/api/admin/system/jobs/${job?.id}/retry`, { token: support })).status).toBe(403);

    // 重新執行 runs it again; twice is once.
    expect((await t.call("POST", `/api/admin/system/jobs/${job?.id}/retry`, { token: owner })).status).toBe(200);
    expect((await t.call("POST", `/api/admin/system/jobs/${job?.id}/retry`, { token: owner })).status).toBe(409);
    expect((await t.call<AdminDashboard>("GET", "/api/admin/dashboard", { token: owner })).body.data.anomalies.jobs_failed).toBe(
      0,
    );
    for (let i = 0; i < 5; i++) {
      await t.services.jobs.runDue();
      t.clock.advance(3600);
    }
    expect(calls).toBe(10);
    // 略過: handled by hand, no longer stuck; the audit log says who.
    expect((await t.call("POST", `/api/admin/system/jobs/${job?.id}/dismiss`, { token: owner })).status).toBe(200);
    expect((await t.call<AdminDashboard>("GET", "/api/admin/dashboard", { token: owner })).body.data.anomalies.jobs_failed).toBe(
      0,
    );
    const audit = await t.call<{ items: Array<{ action: string }> }>("GET", `/api/admin/audit?entity=job&entity_id=${job?.id}`, {
      token: owner,
    });
    expect(audit.body.data.items.map((i) => i.action)).toEqual(["job.dismiss", "job.retry"]);
  });

  test("系統狀態 names every provider with its mode", async () => {
    const status = (await t.call<SystemStatus>("GET", "/api/admin/system", { token: owner })).body.data;
    expect(status.providers.map((p) => [p.channel, p.mode])).toContainEqual(["card", "simulator"]);
    expect(status.providers).toHaveLength(11);
    const channels = await t.call<Record<string, string>>("GET", "/api/admin/system/channels", { token: support });
    expect(channels.body.data.einvoice).toBe("simulator");
  });
});

describe("/metrics without a token", () => {
  test("is not served on the main port; a private listener serves it", async () => {
    const port = 39_000 + Math.floor(Math.random() * 1000);
    const t = await createTestApp({ env: { METRICS_PORT: String(port) } });
    try {
      expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
      const r = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain("shop_jobs_failed 0");
    } finally {
      await t.close();
    }
  });
});

describe("the error reporter", () => {
  test("sends an unexpected error to the Sentry DSN", async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        received.push(`${req.url} ${body}`);
        res.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      const reporter = await createErrorReporter(`http://publickey@127.0.0.1:${port}/42`, {
        environment: "test",
        release: "shop@test",
        onError: () => undefined,
      });
      reporter.report(new Error("refund job gave up"), { job: "orders.card_refund" });
      await reporter.close();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("/api/42/envelope/");
      expect(received[0]).toContain("refund job gave up");
      expect(received[0]).toContain("orders.card_refund");
    } finally {
      server.close();
    }
  });
});
