import { z } from "../zod.js";
import { paged } from "./envelope.js";
import { prizeKind } from "./loyalty.js";
import { notificationView } from "./order.js";

const int = z.number().int();

/** Unread counts behind the member area's tabs. */
export const noticeTabCounts = z.object({ notice: int, buy_list: int });

export const notificationPage = paged(notificationView).extend({ unread: int });

export const scratchResult = z.object({ prize: z.object({ title: z.string(), kind: prizeKind, amount: int }) });

/** 通知方式: the member's channels outside the site, and whether each can reach them now. */
export const notifyChannels = z.object({
  line: z.boolean(),
  email: z.boolean(),
  /** Bound to LINE: pushes can reach them. */
  line_bound: z.boolean(),
  /** False when the shop sends no LINE messages at all (no official account): the LINE choice is not shown. */
  line_offered: z.boolean(),
  /** An e-mail on file (orders also use the one given at checkout). */
  has_email: z.boolean(),
  /** Abandoned-cart reminders (decision 97). */
  cart_reminders: z.boolean(),
});
export type NotifyChannels = z.output<typeof notifyChannels>;
