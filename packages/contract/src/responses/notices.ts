import { z } from "../zod.js";
import { paged } from "./envelope.js";
import { prizeKind } from "./loyalty.js";
import { notificationView } from "./order.js";

const int = z.number().int();

/** Unread counts behind the member area's tabs. */
export const noticeTabCounts = z.object({ notice: int, buy_list: int });

export const notificationPage = paged(notificationView).extend({ unread: int });

export const scratchResult = z.object({ prize: z.object({ title: z.string(), kind: prizeKind, amount: int }) });
