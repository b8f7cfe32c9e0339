import type { ChannelModes, StuckWork } from "@shop/contract/responses";
import { answers, CHANNEL_NAMES, channelModes, systemStatus } from "@shop/contract/responses";
import { ok } from "../../lib/http.js";
import type { JobRow, JobsService } from "../jobs/service.js";
import type { StaffService } from "../staff/service.js";
import type { ProviderStatus } from "../system/provider-status.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

const jobView = (j: JobRow) => ({
  id: j.id,
  kind: j.kind,
  attempts: j.attempts,
  last_error: j.lastError ?? "",
  run_at: j.runAt.toISOString(),
  finished_at: j.finishedAt?.toISOString() ?? null,
});

/**
 * 系統狀態 (apps/admin/src/system.tsx, decision 75): each outside provider — real, off or its
 * simulator — with its last success and failure, the stuck-work counts /metrics exports, and the
 * background jobs that gave up, which staff run again or dismiss (audited).
 */
export function systemAdminRoutes(
  app: AdminApp,
  { actor }: AdminRouteKit,
  services: {
    channels: ChannelModes;
    providerStatus: ProviderStatus;
    stuckWork: () => Promise<StuckWork>;
    jobs: JobsService;
    staff: StaffService;
  },
) {
  const { jobs, staff } = services;
  app.get("/admin/system/channels", { schema: { response: answers(channelModes) } }, async () => ok(services.channels));
  app.get("/admin/system", { schema: { response: answers(systemStatus) } }, async () => {
    const [rows, stuck, failed] = await Promise.all([services.providerStatus.all(), services.stuckWork(), jobs.failed(50)]);
    return ok({
      providers: CHANNEL_NAMES.map((channel) => {
        const row = rows.find((r) => r.provider === channel);
        return {
          channel,
          mode: services.channels[channel],
          last_success_at: row?.lastSuccessAt?.toISOString() ?? null,
          last_failure_at: row?.lastFailureAt?.toISOString() ?? null,
          last_failure: row?.lastFailure ?? "",
        };
      }),
      stuck,
      failed_jobs: failed.map(jobView),
    });
  });
  const act = (name: "retry" | "dismiss", message: string) =>
    app.post(
      `/admin/system/jobs/:id/${name}`,
      { schema: { params: idParam, response: answers(systemStatus.shape.failed_jobs.element) } },
      async (req) => {
        const who = actor(req);
        const audit = (tx: Parameters<StaffService["record"]>[0], change: Parameters<StaffService["record"]>[2]) =>
          staff.record(tx, who, change);
        const job = await (name === "retry" ? jobs.retryFailed(req.params.id, audit) : jobs.dismissFailed(req.params.id, audit));
        return ok(
          {
            id: job.id,
            kind: job.kind,
            attempts: job.attempts,
            last_error: job.lastError ?? "",
            run_at: job.runAt.toISOString(),
            finished_at: job.finishedAt?.toISOString() ?? null,
          },
          message,
        );
      },
    );
  act("retry", "已重新排入執行");
  act("dismiss", "已略過此工作");
}
