import type { inquiryInput, Lang } from "@shop/contract";
import { MAIN_SHOP_ID } from "@shop/contract";
import { and, asc, count, desc, eq, gt, ilike, or } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { inquiries, inquiryReplies } from "../../db/schema/index.js";
import { conflict, fieldError, notFound, tooManyRequests } from "../../lib/errors.js";
import { likeEscape } from "../../lib/like.js";
import type { NotificationsService } from "../notifications/service.js";
import type { ShopsService } from "../shops/service.js";
import { inquiryWords } from "./inquiry-words.js";

const INQUIRIES_PER_IP_PER_HOUR = 5;

const KIND_LABEL = { contact: "聯絡我們", stranger: "訪客詢問" } as const;

type Inquiry = typeof inquiries.$inferSelect;
export type InquiryStatus = Inquiry["status"];
/** Who acts in the back office, and the audit entry their change writes in the same transaction. */
export interface StaffAct {
  staff: { id: number; name: string };
  audit: (
    tx: Tx,
    change: { action: string; entity: string; entityId: number; before?: unknown; after?: unknown },
  ) => Promise<void>;
}

/** What the support functions use, as createSupportService takes it. */
export interface SupportDeps {
  db: Db;
  notifications: NotificationsService;
  shops: ShopsService;
  /** The shop's own mailbox, told of every new inquiry. */
  inbox: string;
  /** Whether an order with this number exists (an inquiry is linked only to a real order). */
  orderExists: (orderNo: string) => Promise<boolean>;
  /** Staff names for the inbox's 負責人 column. */
  staffNames: (ids: number[]) => Promise<Map<number, string>>;
  now?: () => Date;
}

/** The dependencies with the clock and the brand name filled in, as the support functions take them. */
export type SupportContext = SupportDeps & { now: () => Date; brand: string };

async function views(deps: SupportContext, rows: Inquiry[]) {
  const names = await deps.staffNames([...new Set(rows.flatMap((r) => (r.assigneeId ? [r.assigneeId] : [])))]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    shop_id: r.shopId,
    name: r.name,
    phone: r.phone,
    email: r.email,
    subject: r.subject,
    message: r.message,
    order_no: r.orderNo,
    member_id: r.memberId,
    lang: r.lang,
    status: r.status,
    assignee_id: r.assigneeId,
    assignee_name: r.assigneeId ? (names.get(r.assigneeId) ?? null) : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

async function locked(tx: Tx, id: number) {
  const [row] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for("update");
  if (!row) throw notFound("INQUIRY_NOT_FOUND", "找不到此詢問");
  return row;
}

/** The order an inquiry is about: the number given, else the first order number written in it, if such an order exists. */
async function orderAbout(deps: SupportContext, input: z.output<typeof inquiryInput>) {
  const written = `${input.subject}\n${input.message}`.match(/(?<!\d)\d{14}(?!\d)/g) ?? [];
  for (const no of input.order_no ? [input.order_no] : written.slice(0, 3)) {
    if (await deps.orderExists(no)) return no;
  }
  return null;
}

export async function submitInquiry(
  deps: SupportContext,
  input: z.output<typeof inquiryInput>,
  ip: string,
  memberId: number | null,
  lang: Lang = "zh-TW",
) {
  const [recent] = await deps.db
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.ip, ip), gt(inquiries.createdAt, new Date(deps.now().getTime() - 3600_000))));
  if ((recent?.n ?? 0) >= INQUIRIES_PER_IP_PER_HOUR)
    throw tooManyRequests("INQUIRY_TOO_FREQUENT", "送出次數過多，請稍後再試或來電洽詢", 3600);
  const shopId = input.shop_id && (await deps.shops.isOpen(input.shop_id)) ? input.shop_id : MAIN_SHOP_ID;
  const orderNo = await orderAbout(deps, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({ ...input, shopId, orderNo, memberId, lang, ip, createdAt: deps.now(), updatedAt: deps.now() })
      .returning({ id: inquiries.id });
    const id = row?.id ?? 0;
    await deps.notifications.tell(
      tx,
      `inquiry:${id}:new`,
      { email: deps.inbox },
      {
        subject: `【${KIND_LABEL[input.kind]}】${input.subject}`,
        text: `姓名：${input.name}\n電話：${input.phone}\nEmail：${input.email}\n商城：${shopId}${orderNo ? `\n訂單：${orderNo}` : ""}\n\n${input.message}\n\n請至後台「客服信箱」回覆（詢問編號 ${id}）。`,
      },
      ["email"],
    );
    await deps.notifications.tell(
      tx,
      `inquiry:${id}:receipt`,
      { email: input.email },
      inquiryWords(lang).receipt(deps.brand, input),
      ["email"],
    );
    return { id };
  });
}

export async function inboxPage(
  deps: SupportContext,
  filter: { status?: InquiryStatus; q?: string },
  page: number,
  perPage: number,
) {
  // The keyword matches literally: % and _ typed by staff are not wildcards (backslash is LIKE's default escape).
  const like = filter.q ? `%${likeEscape(filter.q)}%` : undefined;
  const where = and(
    filter.status ? eq(inquiries.status, filter.status) : undefined,
    like
      ? or(
          ilike(inquiries.name, like),
          ilike(inquiries.phone, like),
          ilike(inquiries.email, like),
          ilike(inquiries.subject, like),
        )
      : undefined,
  );
  const [[total], rows] = await Promise.all([
    deps.db.select({ n: count() }).from(inquiries).where(where),
    deps.db
      .select()
      .from(inquiries)
      .where(where)
      .orderBy(desc(inquiries.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { total: total?.n ?? 0, items: await views(deps, rows) };
}

export async function inquiryDetail(deps: SupportContext, id: number) {
  const [row] = await deps.db.select().from(inquiries).where(eq(inquiries.id, id));
  if (!row) throw notFound("INQUIRY_NOT_FOUND", "找不到此詢問");
  const replies = await deps.db
    .select()
    .from(inquiryReplies)
    .where(eq(inquiryReplies.inquiryId, id))
    .orderBy(asc(inquiryReplies.id));
  const [view] = await views(deps, [row]);
  return {
    ...(view as NonNullable<typeof view>),
    replies: replies.map((r) => ({ id: r.id, staff_name: r.staffName, body: r.body, created_at: r.createdAt.toISOString() })),
  };
}

/** A staff reply: kept in the thread and mailed to the asker; the inquiry becomes 已回覆 (and theirs, if nobody's). */
export async function replyToInquiry(deps: SupportContext, act: StaffAct, id: number, body: string) {
  await deps.db.transaction(async (tx) => {
    const q = await locked(tx, id);
    if (q.status === "closed") throw conflict("INQUIRY_CLOSED", "此詢問已結案，請先重新開啟再回覆");
    const [reply] = await tx
      .insert(inquiryReplies)
      .values({ inquiryId: id, staffId: act.staff.id, staffName: act.staff.name, body, createdAt: deps.now() })
      .returning({ id: inquiryReplies.id });
    await tx
      .update(inquiries)
      .set({ status: "replied", assigneeId: q.assigneeId ?? act.staff.id, updatedAt: deps.now() })
      .where(eq(inquiries.id, id));
    await deps.notifications.tell(
      tx,
      `inquiry:${id}:reply:${reply?.id}`,
      { email: q.email },
      inquiryWords(q.lang).reply(deps.brand, q, body, act.staff.name),
      ["email"],
    );
    await act.audit(tx, { action: "inquiry.reply", entity: "inquiry", entityId: id, after: { reply_id: reply?.id } });
  });
  return inquiryDetail(deps, id);
}

/** Close, reopen or assign. */
export async function updateInquiry(
  deps: SupportContext,
  act: StaffAct,
  id: number,
  change: { status?: InquiryStatus; assignee_id?: number | null },
) {
  if (change.assignee_id && !(await deps.staffNames([change.assignee_id])).has(change.assignee_id))
    throw fieldError("assignee_id", "負責人不存在");
  await deps.db.transaction(async (tx) => {
    const q = await locked(tx, id);
    const next = {
      status: change.status ?? q.status,
      assigneeId: change.assignee_id === undefined ? q.assigneeId : change.assignee_id,
    };
    await tx
      .update(inquiries)
      .set({ ...next, updatedAt: deps.now() })
      .where(eq(inquiries.id, id));
    await act.audit(tx, {
      action: "inquiry.update",
      entity: "inquiry",
      entityId: id,
      before: { status: q.status, assignee_id: q.assigneeId },
      after: { status: next.status, assignee_id: next.assigneeId },
    });
  });
  return inquiryDetail(deps, id);
}

/** New inquiries waiting for a reply (the dashboard's 今日待辦). */
export async function waitingInquiries(deps: SupportContext) {
  const [row] = await deps.db.select({ n: count() }).from(inquiries).where(eq(inquiries.status, "new"));
  return row?.n ?? 0;
}
