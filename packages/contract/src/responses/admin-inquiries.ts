import { z } from "../zod.js";
import { adminPage } from "./envelope.js";

/** Shapes of the back office's inquiry inbox (apps/admin/src/inquiries.tsx). */
const int = z.number().int();

export const adminInquiry = z.object({
  id: int,
  kind: z.enum(["contact", "stranger"]),
  shop_id: int,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The order it is about, when the asker gave or wrote an existing order's number. */
  order_no: z.string().nullable(),
  /** The member who sent it signed in (null: a visitor). */
  member_id: int.nullable(),
  /** The storefront language it was sent from: staff reply in it; the mail around the reply is in it. */
  lang: z.enum(["zh-TW", "en"]),
  status: z.enum(["new", "replied", "closed"]),
  assignee_id: int.nullable(),
  assignee_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const adminInquiryPage = adminPage(adminInquiry);

/** One inquiry with its thread: the asker's message, then each staff reply (mailed to the asker). */
export const adminInquiryDetail = adminInquiry.extend({
  replies: z.array(z.object({ id: int, staff_name: z.string(), body: z.string(), created_at: z.string() })),
});

export type AdminInquiryDetail = z.output<typeof adminInquiryDetail>;
