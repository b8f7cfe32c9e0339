import { listQuery, tierInput, tierSettingsInput } from "@shop/contract/admin";
import { adminMemberTier, adminTier, adminTierPage, answers, tierSettingsView } from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import type { AuditHook } from "../../lib/admin-table.js";
import { ok } from "../../lib/http.js";
import type { StaffService } from "../staff/service.js";
import type { TiersService } from "../tiers/service.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

/** Back office: 會員等級 — levels (list, create, edit, turn off), the period setting, a member's level and history (decision 94). */
export function tierAdminRoutes(
  app: AdminApp,
  { actor, paged }: AdminRouteKit,
  services: { tiers: TiersService; staff: StaffService },
) {
  const { tiers } = services;
  /** The audit entry of a change, written in its transaction. */
  const audited =
    <V extends { id: number }>(req: FastifyRequest, entity: string): AuditHook<V> =>
    (tx, before, after) =>
      services.staff.record(tx, actor(req), {
        action: `${entity}.${before ? "update" : "create"}`,
        entity,
        entityId: after?.id ?? before?.id ?? 0,
        before,
        after,
      });

  app.get("/admin/tiers", { schema: { querystring: listQuery, response: answers(adminTierPage) } }, async (req) =>
    paged(await tiers.listLevels(req.query.page, req.query.per_page)),
  );
  app.get("/admin/tiers/:id", { schema: { params: idParam, response: answers(adminTier) } }, async (req) =>
    ok(await tiers.getLevel(req.params.id)),
  );
  app.post("/admin/tiers", { schema: { body: tierInput, response: answers(adminTier) } }, async (req) =>
    ok(await tiers.createLevel(req.body, audited(req, "member_tier")), "會員等級已建立"),
  );
  app.put("/admin/tiers/:id", { schema: { params: idParam, body: tierInput, response: answers(adminTier) } }, async (req) =>
    ok(await tiers.updateLevel(req.params.id, req.body, audited(req, "member_tier")), "會員等級已更新"),
  );
  app.get("/admin/tier_settings", { schema: { response: answers(tierSettingsView) } }, async () => ok(await tiers.settings()));
  app.put("/admin/tier_settings", { schema: { body: tierSettingsInput, response: answers(tierSettingsView) } }, async (req) =>
    ok(await tiers.saveSettings(req.body, audited(req, "tier_settings")), "累計期間已更新"),
  );
  app.get("/admin/members/:id/tier", { schema: { params: idParam, response: answers(adminMemberTier) } }, async (req) =>
    ok(await tiers.adminMember(req.params.id)),
  );
}
