import type { Lang, NotificationView, Paged } from "@shop/contract";
import { MAIN_SHOP_ID, shopPagePath } from "@shop/contract/links";
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { notificationPreferences, notifications } from "../../db/schema/index.js";
import type { Channel, Message, Outbox, Recipient } from "./outbox.js";

export interface NotificationsDeps {
  db: Db;
  outbox: Outbox;
  /** Where a member can be reached outside the site (their e-mail, their LINE user id). */
  contactOf: (memberId: number, q: Db | Tx) => Promise<Recipient>;
  /** The member's own language (decision 109): the storefront they last signed in on. zh-TW when not given. */
  langOf?: (memberId: number, q: Db | Tx) => Promise<Lang>;
  /** The shop's absolute address of a path, for links in messages. */
  siteUrl: (path: string) => string;
  brandName: string;
  /** False when LINE messages are switched off for the shop (decision 74). */
  lineOffered?: boolean;
  now?: () => Date;
}

export interface Notice {
  kind: "order" | "system" | "prize";
  title: string;
  body?: string;
  /**
   * A path inside the shop without its mall or language ("/member/level"): the notice page puts it
   * under its own; the LINE / e-mail message under `shopId`'s mall in the notice's language.
   */
  link?: string;
  /** The mall the link belongs in (an order's); the main mall when not given. */
  shopId?: number;
  /** The event this notice reports; the outbox sends each event once per channel. Default: the notice itself. */
  key?: string;
  /** Also tell the member by LINE and e-mail (default); off for steps nobody waits for. */
  outbound?: boolean;
  /** An address to write to when the member has none on file (the one given at checkout). */
  email?: string;
  /**
   * The language to tell it in (an English order's: decision 109). Not given: the member's own when
   * `en` is given, else zh-TW.
   */
  lang?: Lang;
  /** The notice's English words, said instead of `title` and `body` when the language is English. */
  en?: { title: string; body?: string };
}

/** A notice's text as an e-mail or a LINE message: what happened, then where to see it. */
function messageOf(
  n: Pick<Notice, "title" | "body" | "link">,
  siteUrl: (path: string) => string,
  brandName: string,
  lang: Lang = "zh-TW",
): Message {
  const english = lang === "en";
  const link = n.link ? `${english ? "Details: " : "查看詳情："}${siteUrl(n.link)}` : "";
  const lines = [n.title, n.body ?? "", link, `— ${brandName}`];
  return {
    subject: english ? `[${brandName}] ${n.title}` : `【${brandName}】${n.title}`,
    text: lines.filter(Boolean).join("\n\n"),
  };
}

/**
 * Notices to members, and messages to customers. Written inside the caller's transaction, so a
 * notice or a message exists only if its cause does; the outbox delivers the messages (decision 35).
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, outbox } = deps;
  const now = deps.now ?? (() => new Date());

  async function preferences(memberId: number, q: Db | Tx = db) {
    const [row] = await q.select().from(notificationPreferences).where(eq(notificationPreferences.memberId, memberId));
    return { line: row?.line ?? true, email: row?.email ?? true, cart_reminders: row?.cartReminders ?? true };
  }

  /** Where a member is reached outside the site, as they chose (通知方式); `email` when none is on file. */
  async function reach(tx: Tx, memberId: number, email?: string): Promise<Recipient> {
    const [to, wants] = [await deps.contactOf(memberId, tx), await preferences(memberId, tx)];
    return {
      ...to,
      email: wants.email ? to.email || email || null : null,
      lineUserId: wants.line ? to.lineUserId : null,
    };
  }

  /** 通知方式: the member's channels, and whether each can reach them at all (bound to LINE, an e-mail on file). */
  async function channels(memberId: number) {
    const [wants, to] = await Promise.all([preferences(memberId), deps.contactOf(memberId, db)]);
    return {
      line: wants.line,
      email: wants.email,
      cart_reminders: wants.cart_reminders,
      line_bound: Boolean(to.lineUserId),
      line_offered: deps.lineOffered !== false,
      has_email: Boolean(to.email),
    };
  }

  return {
    async notify(tx: Tx, memberId: number, notice: Notice) {
      const lang = notice.lang ?? (notice.en && deps.langOf ? await deps.langOf(memberId, tx) : "zh-TW");
      const n =
        lang === "en" && notice.en ? { ...notice, title: notice.en.title, body: notice.en.body, lang } : { ...notice, lang };
      const [row] = await tx
        .insert(notifications)
        .values({ memberId, kind: n.kind, title: n.title, body: n.body ?? "", link: n.link ?? "", createdAt: now() })
        .returning({ id: notifications.id });
      if (n.outbound === false || !row) return;
      const recipient = await reach(tx, memberId, n.email);
      const link = n.link && shopPagePath(n.shopId ?? MAIN_SHOP_ID, lang, n.link);
      await outbox.queue(
        tx,
        n.key ?? `notice:${row.id}`,
        recipient,
        messageOf({ ...n, link }, deps.siteUrl, deps.brandName, lang),
        ["line", "email"],
      );
    },

    /** A message to a member outside the site only (LINE and e-mail; `email` when they have none on file). */
    async send(tx: Tx, key: string, memberId: number, message: Message, email?: string) {
      await outbox.queue(tx, key, await reach(tx, memberId, email), message, ["line", "email"]);
    },

    /** A message to someone who may not be a member (a guest's order): e-mail and, when asked, SMS. */
    async tell(tx: Tx, key: string, to: Recipient, message: Message, channels: readonly Channel[]) {
      await outbox.queue(tx, key, to, message, channels);
    },

    channels,

    async setChannels(memberId: number, wants: { line: boolean; email: boolean; cart_reminders?: boolean }) {
      const set = {
        line: wants.line,
        email: wants.email,
        ...(wants.cart_reminders !== undefined ? { cartReminders: wants.cart_reminders } : {}),
        updatedAt: now(),
      };
      await db
        .insert(notificationPreferences)
        .values({ memberId, ...set })
        .onConflictDoUpdate({ target: notificationPreferences.memberId, set });
      return channels(memberId);
    },

    /** Whether the member wants abandoned-cart reminders (decision 97; no row: yes). */
    async wantsCartReminders(memberId: number, q: Db | Tx = db) {
      return (await preferences(memberId, q)).cart_reminders;
    },

    brandName: deps.brandName,
    messageOf: (n: Pick<Notice, "title" | "body" | "link">, lang?: Lang) => messageOf(n, deps.siteUrl, deps.brandName, lang),

    /** Unread counts per member-area tab (systemTabNotice): all notices, and order updates for 訂單紀錄. */
    async tabCounts(memberId: number): Promise<{ notice: number; buy_list: number }> {
      const unread = and(eq(notifications.memberId, memberId), isNull(notifications.readAt));
      const [[all], [orders]] = await Promise.all([
        db.select({ n: count() }).from(notifications).where(unread),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(unread, eq(notifications.kind, "order"))),
      ]);
      return { notice: all?.n ?? 0, buy_list: orders?.n ?? 0 };
    },

    /** Marks the member's own notices read (the given ones, or all). Others' ids are ignored. */
    async markRead(memberId: number, ids?: number[]) {
      await db
        .update(notifications)
        .set({ readAt: now() })
        .where(
          and(
            eq(notifications.memberId, memberId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids) : undefined,
          ),
        );
    },

    async search(memberId: number, page: number, perPage: number): Promise<Paged<NotificationView> & { unread: number }> {
      const mine = eq(notifications.memberId, memberId);
      const [[total], [unread], rows] = await Promise.all([
        db.select({ n: count() }).from(notifications).where(mine),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(mine, isNull(notifications.readAt))),
        db
          .select()
          .from(notifications)
          .where(mine)
          .orderBy(desc(notifications.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          title: r.title,
          body: r.body,
          link: r.link,
          read: r.readAt !== null,
          created_at: r.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
        unread: unread?.n ?? 0,
        page,
        per_page: perPage,
      };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
