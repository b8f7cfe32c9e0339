import type { inquiryInput, Lang } from "@shop/contract";
import type { z } from "zod";
import {
  type InquiryStatus,
  inboxPage,
  inquiryDetail,
  replyToInquiry,
  type StaffAct,
  type SupportContext,
  type SupportDeps,
  submitInquiry,
  updateInquiry,
  waitingInquiries,
} from "./inquiries.js";

/**
 * Contact-us and stranger inquiries and the inbox staff answer them from. The shop's mailbox is
 * told of each new one, the asker gets a receipt and every reply by e-mail — all through the
 * outbox, in the transaction that stores them (decision 35). Each method is a function of
 * inquiries.ts taking `deps`.
 */
export function createSupportService(deps: SupportDeps) {
  const ctx: SupportContext = { ...deps, now: deps.now ?? (() => new Date()), brand: deps.notifications.brandName };
  return {
    submit: (input: z.output<typeof inquiryInput>, ip: string, memberId: number | null, lang?: Lang) =>
      submitInquiry(ctx, input, ip, memberId, lang),
    inbox: (filter: { status?: InquiryStatus; q?: string }, page: number, perPage: number) =>
      inboxPage(ctx, filter, page, perPage),
    detail: (id: number) => inquiryDetail(ctx, id),
    reply: (act: StaffAct, id: number, body: string) => replyToInquiry(ctx, act, id, body),
    update: (act: StaffAct, id: number, change: { status?: InquiryStatus; assignee_id?: number | null }) =>
      updateInquiry(ctx, act, id, change),
    waiting: () => waitingInquiries(ctx),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
