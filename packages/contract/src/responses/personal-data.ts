import { z } from "../zod.js";

const int = z.number().int();

/** /api/user/personal_data: the member's 個人資料 page (decision 78). */
export const personalDataOverview = z.object({
  /** password: the member has one; sms: a code to their phone (signed up with LINE, Google or Facebook). */
  confirm_with: z.enum(["password", "sms"]),
  /** Where the code goes, partly hidden (0912***678). */
  phone_hint: z.string(),
  /** What stops closing now, each with what to do first; empty when the account may close. */
  blockers: z.array(z.object({ code: z.string(), message: z.string() })),
  /** What closing gives up: all points, a wallet balance below what can be withdrawn, unused coupons. */
  forfeits: z.object({ points: int, wallet: int, coupons: int }),
  /** The member's past downloads, newest first. */
  exports: z.array(z.object({ format: z.string(), at: z.string() })),
});
