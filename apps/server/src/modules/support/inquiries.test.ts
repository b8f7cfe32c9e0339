import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { orderSteps } from "../../test/order-helpers.js";

interface InquiryDetail {
  id: number;
  status: string;
  assignee_id: number | null;
  assignee_name: string | null;
  replies: Array<{ staff_name: string; body: string }>;
}

describe("the inquiry inbox", () => {
  let t: TestApp;
  let support: string;
  let inquiryId: number;
  beforeAll(async () => {
    t = await createTestApp();
    support = await orderSteps(t).staffToken("support");
  });
  afterAll(() => t.close());

  const mailsTo = (to: string) => t.localSmtp?.mailbox.filter((m) => m.to.includes(to)) ?? [];
  const get = (id: number) => t.call<InquiryDetail>("GET", `/api/admin/inquiries/${id}`, { token: support });

  it("a contact-us message reaches the shop's mailbox and the asker gets a receipt", async () => {
    const r = await t.call<{ id: number }>("POST", "/api/contactu/email", {
      body: {
        name: "林小姐",
        phone: "0912345678",
        email: "asker@example.com",
        subject: "請問送禮包裝",
        message: "請問可以幫忙包裝送禮嗎？",
      },
      ip: "10.9.0.1",
    });
    expect(r.status, r.body.message).toBe(200);
    inquiryId = r.body.data.id;
    await t.services.outbox.deliverDue();
    expect(mailsTo("service@example.com").map((m) => m.subject)).toContain("【聯絡我們】請問送禮包裝");
    expect(mailsTo("asker@example.com").map((m) => m.subject)).toEqual(["【茶山好物】已收到您的詢問：請問送禮包裝"]);

    const inbox = await t.call<{ total: number; items: Array<{ id: number; status: string }> }>(
      "GET",
      "/api/admin/inquiries?status=new&q=送禮",
      { token: support },
    );
    expect(inbox.body.data.items.map((i) => [i.id, i.status])).toEqual([[inquiryId, "new"]]);
  });

  it("a reply is kept in the thread, mailed to the asker once, and makes the inquiry 已回覆 and the replier's", async () => {
    const r = await t.call<InquiryDetail>("POST", `/api/admin/inquiries/${inquiryId}/reply`, {
      token: support,
      body: { body: "可以的，結帳時在備註寫「送禮包裝」即可。" },
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.status).toBe("replied");
    expect(r.body.data.assignee_name).toBeTruthy();
    expect(r.body.data.replies.map((x) => x.body)).toEqual(["可以的，結帳時在備註寫「送禮包裝」即可。"]);
    await t.services.outbox.deliverDue();
    await t.services.outbox.deliverDue();
    const replies = mailsTo("asker@example.com").filter((m) => m.subject.startsWith("Re:"));
    expect(replies).toHaveLength(1);
    expect(replies[0]?.subject).toBe("Re: 【茶山好物】請問送禮包裝");
    expect(replies[0]?.text).toContain("送禮包裝」即可");
    expect(replies[0]?.text).toContain("請問可以幫忙包裝送禮嗎？");
    const audit = await t.call<{ items: Array<{ action: string }> }>(
      "GET",
      `/api/admin/audit?entity=inquiry&entity_id=${inquiryId}`,
      {
        token: await orderSteps(t).staffToken("owner"),
      },
    );
    expect(audit.body.data.items.map((a) => a.action)).toEqual(["inquiry.reply"]);
  });

  it("closed inquiries take no reply until reopened; bad input changes nothing", async () => {
    expect(
      (await t.call("PUT", `/api/admin/inquiries/${inquiryId}`, { token: support, body: { status: "closed" } })).status,
    ).toBe(200);
    const refused = await t.call("POST", `/api/admin/inquiries/${inquiryId}/reply`, {
      token: support,
      body: { body: "再補充一下" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("此詢問已結案，請先重新開啟再回覆");

    for (const [method, url, body, status, message] of [
      ["POST", `/api/admin/inquiries/${inquiryId}/reply`, { body: " " }, 400, "回覆內容至少 2 個字"],
      ["POST", "/api/admin/inquiries/999999/reply", { body: "你好你好" }, 404, "找不到此詢問"],
      ["PUT", `/api/admin/inquiries/${inquiryId}`, { assignee_id: 999999 }, 400, "負責人不存在"],
      ["PUT", `/api/admin/inquiries/${inquiryId}`, {}, 400, "沒有要變更的內容"],
      ["PUT", `/api/admin/inquiries/${inquiryId}`, { status: "spam" }, 400, "狀態不正確"],
    ] as const) {
      const r = await t.call(method, url, { token: support, body });
      expect(r.status, url).toBe(status);
      expect(r.body.message, url).toContain(message);
    }
    const after = await get(inquiryId);
    expect(after.body.data.status).toBe("closed");
    expect(after.body.data.replies).toHaveLength(1);

    expect(
      (await t.call("PUT", `/api/admin/inquiries/${inquiryId}`, { token: support, body: { status: "new", assignee_id: null } }))
        .status,
    ).toBe(200);
    expect((await get(inquiryId)).body.data).toMatchObject({ status: "new", assignee_id: null });
    expect((await t.call("GET", "/api/admin/inquiries")).status).toBe(401);
  });

  it("a message sent from an English page gets its receipt and the reply's mail in English; staff see its language", async () => {
    const r = await t.call<{ id: number }>("POST", "/api/contactu/email", {
      body: {
        name: "Ann Lee",
        phone: "0912345677",
        email: "ann@example.com",
        subject: "Gift wrap",
        message: "Can you wrap a gift box?",
      },
      ip: "10.9.0.2",
      headers: { "x-page-lang": "en" },
    });
    expect(r.status, r.body.message).toBe(200);
    const id = r.body.data.id;
    expect((await get(id)).body.data).toMatchObject({ lang: "en" });
    await t.call("POST", `/api/admin/inquiries/${id}/reply`, {
      token: support,
      body: { body: "Yes, write it in the order note." },
    });
    await t.services.outbox.deliverDue();
    await t.services.outbox.deliverDue();
    // The outbox delivers due mails in no set order: find each by its subject.
    const mails = mailsTo("ann@example.com");
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Re: [茶山好物] Gift wrap",
      "[茶山好物] We have your message: Gift wrap",
    ]);
    const reply = mails.find((m) => m.subject.startsWith("Re: "));
    expect(reply?.text).toMatch(/^Hello Ann Lee,\n\nYes, write it in the order note\./);
    expect(mails.map((m) => m.text).join("")).not.toMatch(/您好|您的訊息|客服 /);
  });
});
