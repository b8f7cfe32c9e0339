import { captchaSchema } from "./common.js";
import type { personalDataOverview } from "./responses/personal-data.js";
import { z } from "./zod.js";

/** A member's copy of their personal data (個資法 art. 3, 10; decision 78): one JSON file, or one CSV (a section column). */
export const PERSONAL_DATA_FORMATS = ["json", "csv"] as const;
export const personalDataExportQuery = z.object({
  format: z.enum(PERSONAL_DATA_FORMATS, { error: "請選擇 JSON 或 CSV 格式" }),
});

/**
 * Closing the account (個資法 art. 11): confirmed by the password, or by an SMS code to the member's
 * phone when they have no password (LINE, Google or Facebook sign-up).
 */
export const closeAccountInput = z.strictObject({
  password: z.string().max(200).optional(),
  captcha: captchaSchema.optional(),
  confirm: z.literal(true, { error: "請勾選「我了解帳號註銷後無法復原」" }),
});
export type CloseAccountInput = z.input<typeof closeAccountInput>;

/** /api/user/personal_data: how closing is confirmed, what stops it now, what it forfeits, past downloads. */
export type PersonalDataOverview = z.output<typeof personalDataOverview>;
