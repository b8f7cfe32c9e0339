import {
  balanceAdjustInput,
  can,
  issueCouponInput,
  memberProfileInput,
  payReferenceInput,
  reasonInput,
  staffInput,
  staffUpdateInput,
  withdrawalQuery,
} from "@shop/contract/admin";
import {
  adminMemberPage,
  answers,
  auditPage,
  memberDetail,
  memberSignInLock,
  staffPage,
  staffSessionList,
  staffView,
  staffWithdrawal,
  staffWithdrawalPage,
} from "@shop/contract/responses";
import type { FastifyRequest } from "fastify";
import { ok } from "../../lib/http.js";
import type { PayoutService } from "../payout/service.js";
import type { Actor, StaffService } from "../staff/service.js";
import type { MemberCare } from "./member-care.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { auditFilter, idParam, shopFilter } from "./route-kit.js";
import type { AdminService } from "./service.js";

/** Closing a member's account on their request (flows/personal-data, decision 78). */
export interface MemberErasure {
  anonymise(actor: Actor, memberId: number, reason: string): Promise<unknown>;
}

/** Back office: members, withdrawals, staff and the audit log (apps/admin/src/people.tsx). */
export function peopleAdminRoutes(
  app: AdminApp,
  { actor, paged }: AdminRouteKit,
  services: {
    admin: AdminService;
    payout: PayoutService;
    staff: StaffService;
    memberCare: MemberCare;
    erasure: MemberErasure;
  },
) {
  const { admin, staff } = services;
  /** Whole bank account numbers only for roles that pay them; support sees the last four digits (decision 79). */
  const fullAccount = (req: FastifyRequest) => ({ fullAccount: can(actor(req).staff.role, "bank_accounts.read") });
  app.get(
    "/admin/withdrawals",
    { schema: { querystring: withdrawalQuery, response: answers(staffWithdrawalPage) } },
    async (req) => paged(await services.payout.staffList(req.query.status, req.query.page, req.query.per_page, fullAccount(req))),
  );
  app.get("/admin/withdrawals/:id", { schema: { params: idParam, response: answers(staffWithdrawal) } }, async (req) =>
    ok(await services.payout.staffGet(req.params.id, fullAccount(req))),
  );
  app.post("/admin/withdrawals/:id/approve", { schema: { params: idParam, response: answers(staffWithdrawal) } }, async (req) =>
    ok(await admin.decideWithdrawal(actor(req), req.params.id, "approved", ""), "已核准，請於匯款後標記已匯款"),
  );
  app.post(
    "/admin/withdrawals/:id/pay",
    { schema: { params: idParam, body: payReferenceInput, response: answers(staffWithdrawal) } },
    async (req) => ok(await admin.decideWithdrawal(actor(req), req.params.id, "paid", req.body.reference), "已標記為已匯款"),
  );
  app.post(
    "/admin/withdrawals/:id/reject",
    { schema: { params: idParam, body: reasonInput, response: answers(staffWithdrawal) } },
    async (req) =>
      ok(await admin.decideWithdrawal(actor(req), req.params.id, "rejected", req.body.reason), "已退回，金額已返還會員錢包"),
  );

  app.get("/admin/members", { schema: { querystring: shopFilter, response: answers(adminMemberPage) } }, async (req) =>
    paged(await admin.members(req.query, req.query.page, req.query.per_page)),
  );
  app.get("/admin/members/:id", { schema: { params: idParam, response: answers(memberDetail) } }, async (req) =>
    ok(await admin.member(req.params.id)),
  );
  app.post(
    "/admin/members/:id/coupons",
    { schema: { params: idParam, body: issueCouponInput, response: answers(memberDetail) } },
    async (req) => ok(await admin.issueCoupon(actor(req), req.params.id, req.body), "優惠券已發送"),
  );
  app.post(
    "/admin/members/:id/adjust",
    { schema: { params: idParam, body: balanceAdjustInput, response: answers(memberDetail) } },
    async (req) => ok(await admin.adjustBalance(actor(req), req.params.id, req.body), "已調整"),
  );
  app.put(
    "/admin/members/:id",
    { schema: { params: idParam, body: memberProfileInput, response: answers(memberDetail) } },
    async (req) => {
      await services.memberCare.updateProfile(actor(req), req.params.id, req.body);
      return ok(await admin.member(req.params.id), "已更新會員資料");
    },
  );
  // Failed sign-ins lock an account for a while (decision 77); staff see it and lift it.
  app.get("/admin/members/:id/sign_in_lock", { schema: { params: idParam, response: answers(memberSignInLock) } }, async (req) =>
    ok({ locked_until: (await services.memberCare.signInLockedUntil(req.params.id))?.toISOString() ?? null }),
  );
  app.post(
    "/admin/members/:id/unlock_sign_in",
    { schema: { params: idParam, response: answers(memberSignInLock) } },
    async (req) => {
      await services.memberCare.unlockSignIn(actor(req), req.params.id);
      return ok({ locked_until: null }, "已解除登入鎖定");
    },
  );
  app.post(
    "/admin/members/:id/suspend",
    { schema: { params: idParam, body: reasonInput, response: answers(memberDetail) } },
    async (req) => {
      await services.memberCare.suspend(actor(req), req.params.id, req.body.reason);
      return ok(await admin.member(req.params.id), "已停用帳號，會員的登入已全部登出");
    },
  );
  app.post(
    "/admin/members/:id/reinstate",
    { schema: { params: idParam, body: reasonInput, response: answers(memberDetail) } },
    async (req) => {
      await services.memberCare.reinstate(actor(req), req.params.id, req.body.reason);
      return ok(await admin.member(req.params.id), "已恢復帳號");
    },
  );
  // 個資法 art. 11: the member asked (by phone, mail or in person) to have their data deleted.
  app.post(
    "/admin/members/:id/anonymise",
    { schema: { params: idParam, body: reasonInput, response: answers(memberDetail) } },
    async (req) => {
      await services.erasure.anonymise(actor(req), req.params.id, req.body.reason);
      return ok(await admin.member(req.params.id), "已依會員申請刪除個人資料並註銷帳號");
    },
  );

  app.get("/admin/audit", { schema: { querystring: auditFilter, response: answers(auditPage) } }, async (req) =>
    paged(await staff.auditPage({ entity: req.query.entity, entityId: req.query.entity_id }, req.query.page, req.query.per_page)),
  );

  app.get("/admin/staff", { schema: { response: answers(staffPage) } }, async () => {
    const items = await staff.list();
    return paged({ total: items.length, items });
  });
  app.get("/admin/staff/:id", { schema: { params: idParam, response: answers(staffView) } }, async (req) =>
    ok(await staff.get(req.params.id)),
  );
  app.post("/admin/staff", { schema: { body: staffInput, response: answers(staffView) } }, async (req) =>
    ok(await staff.create(actor(req), req.body), "員工帳號已建立"),
  );
  app.put(
    "/admin/staff/:id",
    { schema: { params: idParam, body: staffUpdateInput, response: answers(staffView) } },
    async (req) => ok(await staff.update(actor(req), req.params.id, req.body), "員工資料已更新"),
  );
  app.post("/admin/staff/:id/unlock", { schema: { params: idParam, response: answers(staffView) } }, async (req) =>
    ok(await staff.unlock(actor(req), req.params.id), "已解除鎖定，該員工可以再次登入"),
  );
  app.get("/admin/staff/:id/sessions", { schema: { params: idParam, response: answers(staffSessionList) } }, async (req) =>
    ok(await staff.sessions(req.params.id, req.staffSession?.tokenHash)),
  );
  app.delete("/admin/staff/:id/sessions", { schema: { params: idParam, response: answers(staffSessionList) } }, async (req) => {
    await staff.revokeAllSessions(actor(req), req.params.id);
    return ok([], "已登出此員工的所有裝置");
  });
}
