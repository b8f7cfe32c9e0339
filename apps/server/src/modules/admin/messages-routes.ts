import { listQuery, messageQuery, templateEventParam, templateInput } from "@shop/contract/admin";
import {
  answers,
  messageTemplatePage,
  messageTemplateView,
  outboxMessagePage,
  outboxMessageView,
  templatePreview,
  testMailPage,
} from "@shop/contract/responses";
import type { LocalSmtp } from "../../integrations/mail/local-smtp.js";
import { notFound } from "../../lib/errors.js";
import { ok } from "../../lib/http.js";
import type { Outbox, OutboxRow } from "../notifications/outbox.js";
import type { MessageTemplates } from "../notifications/templates.js";
import type { StaffService } from "../staff/service.js";
import type { AdminApp, AdminRouteKit } from "./route-kit.js";
import { idParam } from "./route-kit.js";

const view = (m: OutboxRow) => ({
  id: m.id,
  event_key: m.eventKey,
  channel: m.channel,
  recipient: m.recipient,
  subject: m.subject,
  body: m.body,
  status: m.status,
  attempts: m.attempts,
  provider_answer: m.providerAnswer,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
  next_attempt_at: m.nextAttemptAt.toISOString(),
});

/** Back office: the customer-message log and, in 測試模式, the local mailbox (apps/admin/src/messages.tsx). */
export function messageAdminRoutes(
  app: AdminApp,
  { actor, paged, changed }: AdminRouteKit,
  services: { outbox: Outbox; messageTemplates: MessageTemplates; staff: StaffService; testMailbox?: LocalSmtp["mailbox"] },
) {
  const templates = services.messageTemplates;
  app.get("/admin/message_templates", { schema: { response: answers(messageTemplatePage) } }, async () => {
    const items = await templates.list();
    return paged({ total: items.length, items });
  });
  app.get(
    "/admin/message_templates/:event",
    { schema: { params: templateEventParam, response: answers(messageTemplateView) } },
    async (req) => ok(await templates.get(req.params.event)),
  );
  app.post(
    "/admin/message_templates/preview",
    { schema: { body: templateInput, response: answers(templatePreview) } },
    async (req) => ok(templates.preview(req.body)),
  );
  const audited = (req: Parameters<typeof actor>[0], action: string) => {
    const who = actor(req);
    const event = (req.params as { event: string }).event;
    return (tx: Parameters<StaffService["record"]>[0], before: object, after: object) =>
      services.staff.record(tx, who, { action, entity: "message_template", entityId: event, before, after });
  };
  app.put(
    "/admin/message_templates/:event",
    { schema: { params: templateEventParam, body: templateInput, response: answers(messageTemplateView) } },
    async (req) =>
      changed(await templates.save(req.params.event, req.body, audited(req, "message_template.save")), "已儲存通知範本"),
  );
  app.delete(
    "/admin/message_templates/:event",
    { schema: { params: templateEventParam, response: answers(messageTemplateView) } },
    async (req) => changed(await templates.reset(req.params.event, audited(req, "message_template.reset")), "已還原預設範本"),
  );
  app.get("/admin/messages", { schema: { querystring: messageQuery, response: answers(outboxMessagePage) } }, async (req) => {
    const { rows, total } = await services.outbox.log(req.query, req.query.page, req.query.per_page);
    return paged({ total, items: rows.map(view) });
  });
  app.post("/admin/messages/:id/retry", { schema: { params: idParam, response: answers(outboxMessageView) } }, async (req) => {
    const who = actor(req);
    const again = await services.outbox.retry(req.params.id, (tx, before) =>
      services.staff.record(tx, who, {
        action: "message.retry",
        entity: "message",
        entityId: before.id,
        before: { status: before.status, provider_answer: before.providerAnswer },
        after: { status: "pending" },
      }),
    );
    return ok(view(again), "已重新排入發送");
  });
  app.get("/admin/mailbox", { schema: { querystring: listQuery, response: answers(testMailPage) } }, async (req) => {
    const box = services.testMailbox;
    if (!box) throw notFound("TEST_MAILBOX_OFF", "已設定正式郵件伺服器，沒有測試信箱");
    const q = req.query.q;
    const found = box.filter((m) => !q || m.to.includes(q) || m.subject.includes(q)).reverse();
    const start = (req.query.page - 1) * req.query.per_page;
    return paged({
      total: found.length,
      items: found.slice(start, start + req.query.per_page).map((m) => ({
        id: m.id,
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        received_at: m.receivedAt.toISOString(),
      })),
    });
  });
}
