import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { StuckWork } from "@shop/contract/responses";
import type { FastifyInstance } from "fastify";
import fastifyMetrics from "fastify-metrics";
import { Gauge, Registry } from "prom-client";
import type { Config } from "../../lib/config/index.js";
import type { StuckWorkReader } from "./stuck-work.js";

const GAUGES: Array<{ key: keyof StuckWork; name: string; help: string }> = [
  {
    key: "jobs_failed",
    name: "shop_jobs_failed",
    help: "Background jobs that gave up after five attempts (系統狀態 lists them)",
  },
  { key: "outbox_waiting", name: "shop_outbox_waiting", help: "Customer messages not yet delivered" },
  { key: "outbox_stuck", name: "shop_outbox_stuck", help: "Customer messages waiting for over 15 minutes" },
  {
    key: "outbox_oldest_seconds",
    name: "shop_outbox_oldest_waiting_seconds",
    help: "How long the oldest undelivered message has waited",
  },
  { key: "outbox_failed", name: "shop_outbox_failed", help: "Customer messages given up on" },
  { key: "invoices_parked", name: "shop_invoices_parked", help: "E-invoices waiting for staff" },
  {
    key: "payments_in_doubt",
    name: "shop_payments_in_doubt",
    help: "TapPay payments awaiting reconciliation (no answer to a charge, or a wallet / 3-D Secure notify that never came)",
  },
  {
    key: "payments_wrong_amount",
    name: "shop_payments_wrong_amount",
    help: "Virtual accounts paid with another amount than the order's, waiting for staff",
  },
  { key: "orders_overdue", name: "shop_orders_overdue", help: "Unpaid orders open 15 minutes past their payment deadline" },
  {
    key: "shipments_silent",
    name: "shop_shipments_silent",
    help: "ECPay shipments created over 3 days ago with no status from a push or the polling job",
  },
];

export interface MetricsDeps {
  stuckWork: StuckWorkReader;
  /** Calls to outside providers made by this instance, by provider and outcome. */
  providerCalls: () => Array<{ provider: string; outcome: string; n: number }>;
}

/**
 * Prometheus metrics (decision 75): HTTP request durations by route and Node's own figures (event
 * loop lag and utilisation, heap, GC) from fastify-metrics and prom-client, the stuck-work gauges
 * and provider call counts. Each app has its own registry. Served at `/metrics` on the main port
 * only with `Authorization: Bearer $METRICS_TOKEN`, and without a token on a private listener
 * (METRICS_PORT, bound to METRICS_HOST).
 */
export async function registerMetrics(app: FastifyInstance, config: Config, deps: MetricsDeps) {
  const registry = new Registry();
  await app.register(fastifyMetrics, {
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      groupStatusCodes: true,
      routeBlacklist: ["/metrics"],
      overrides: {
        histogram: { registers: [registry], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] },
        // Summaries are off, but the plugin still makes one: into a registry nobody reads, not the global one.
        summary: { registers: [new Registry()] },
      },
    },
  });
  for (const g of GAUGES)
    new Gauge({
      name: g.name,
      help: g.help,
      registers: [registry],
      async collect() {
        this.set((await deps.stuckWork.recent())[g.key]);
      },
    });
  new Gauge({
    name: "shop_provider_calls",
    help: "Calls this instance made to outside providers since it started, by provider and outcome",
    labelNames: ["provider", "outcome"],
    registers: [registry],
    collect() {
      for (const c of deps.providerCalls()) this.set({ provider: c.provider, outcome: c.outcome }, c.n);
    },
  });

  const text = () => registry.metrics();
  const token = config.METRICS_TOKEN ? Buffer.from(`Bearer ${config.METRICS_TOKEN}`) : undefined;
  if (token)
    app.get("/metrics", { schema: { hide: true } }, async (req, reply) => {
      const given = Buffer.from(req.headers.authorization ?? "");
      if (given.length !== token.length || !timingSafeEqual(given, token))
        return reply.code(401).header("www-authenticate", "Bearer").send({ status: false, message: "需要監控權杖", data: null });
      return reply.type(registry.contentType).send(await text());
    });

  if (config.METRICS_PORT > 0) {
    const server = http.createServer((req, res) => {
      if (req.url !== "/metrics") {
        res.writeHead(404).end();
        return;
      }
      text().then(
        (body) => res.writeHead(200, { "content-type": registry.contentType }).end(body),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    });
    await new Promise<void>((resolve) => server.listen(config.METRICS_PORT, config.METRICS_HOST, resolve));
    app.addHook("onClose", () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
  return { text };
}
