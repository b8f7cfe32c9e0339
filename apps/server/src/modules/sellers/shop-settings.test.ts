import type { ShipMethodView } from "@shop/contract";
import type { ShopChangeRequestView, ShopSettingsView } from "@shop/contract/seller-shop";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, notifications, shipMethods, shopChangeRequests, shops } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, staffTokens, type TestApp } from "../../test/harness.js";

let t: TestApp;
let seller: string;
let sellerId: number;
let staff: Awaited<ReturnType<typeof staffTokens>>;
beforeAll(async () => {
  t = await createTestApp();
  seller = await loginAs(t, DEMO_ACCOUNTS.seller);
  sellerId = (await t.services.auth.authenticate(seller))?.member.id ?? 0;
  staff = await staffTokens(t);
});
afterAll(() => t.close());

const view = (token = seller) => t.call<ShopSettingsView>("GET", "/api/seller/shop", { token });
const save = (body: unknown, token = seller) => t.call<ShopSettingsView>("POST", "/api/seller/shop", { body, token });
const decide = (id: number, how: "approve" | "reject", reason?: string, token = staff.owner) =>
  t.call<ShopChangeRequestView>("POST", `/api/admin/shop_requests/${id}/${how}`, {
    token,
    ...(reason !== undefined ? { body: { reason } } : {}),
  });
const shipMethodsOf = async (shopId: number) =>
  (await t.call<ShipMethodView[]>("POST", "/api/shipmethod/search", { body: { shop_id: shopId } })).body.data;
/** The form as the seller's page fills it: what is live, with some fields changed. */
async function form(changes: Record<string, unknown> = {}) {
  const v = (await view()).body.data;
  return { name: v.shop.name, intro: v.shop.intro, banner: v.shop.banner, delivery: v.delivery, ...changes };
}
async function upload(content: Buffer, type = "image/png", token = seller) {
  const boundary = "----sellerBannerBoundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="banner.png"\r\nContent-Type: ${type}\r\n\r\n`;
  return t.app.inject({
    method: "POST",
    url: "/api/seller/shop/banner",
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
}
const png = () =>
  sharp({ create: { width: 1200, height: 400, channels: 3, background: "#3a7d44" } })
    .png()
    .toBuffer();

describe("a seller's own shop settings", () => {
  test("the intro applies at once; name and delivery wait for staff, and the storefront keeps what is live", async () => {
    const before = (await view()).body.data;
    expect(before.shop.id).toBe(2);
    expect(before.request).toBeNull();
    expect(before.methods.map((m) => m.code)).toContain("self");

    const intro = await save(await form({ intro: "阿里山高山茶，產地直送。" }));
    expect(intro.status, intro.body.message).toBe(200);
    expect(intro.body.message).toBe("商城設定已儲存");
    expect(intro.body.data.request).toBeNull();
    const home = await t.call<{ shop: { intro: string } }>("POST", "/api/supmall/home", { body: { shop_id: 2 } });
    expect(home.body.data.shop.intro).toBe("阿里山高山茶，產地直送。");

    const codes = before.delivery.codes.filter((c) => c !== "cvs_711");
    const asked = await save(
      await form({ name: "阿里山茶行 旗艦店", delivery: { codes, self_fee: 60, self_free_threshold: 800 } }),
    );
    expect(asked.status, asked.body.message).toBe(200);
    expect(asked.body.message).toBe("變更已送出審核，核准後生效");
    expect(asked.body.data.request).toMatchObject({ status: "pending", status_label: "審核中" });
    expect(asked.body.data.request?.changes.name).toBe("阿里山茶行 旗艦店");
    expect(asked.body.data.shop.name).toBe(before.shop.name);
    expect((await shipMethodsOf(2)).map((m) => m.code)).toContain("cvs_711");

    // Saving the same again keeps the one request; support staff may look but not decide.
    const again = await save(
      await form({ name: "阿里山茶行 旗艦店", delivery: { codes, self_fee: 60, self_free_threshold: 800 } }),
    );
    expect(again.body.data.request?.id).toBe(asked.body.data.request?.id);
    const id = asked.body.data.request?.id ?? 0;
    expect((await decide(id, "approve", undefined, staff.support)).status).toBe(403);

    const listed = await t.call<{ items: ShopChangeRequestView[] }>("GET", "/api/admin/shop_requests?status=pending", {
      token: staff.support,
    });
    expect(listed.body.data.items.map((r) => r.id)).toEqual([id]);

    const approved = await decide(id, "approve");
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.data.status).toBe("approved");
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, 2));
    expect(shop?.name).toBe("阿里山茶行 旗艦店");
    const methods = await shipMethodsOf(2);
    expect(methods.map((m) => m.code)).not.toContain("cvs_711");
    expect(methods.find((m) => m.code === "self")).toMatchObject({ fee: 60, free_threshold: 800 });
    // Decided once: a second press changes nothing.
    const twice = await decide(id, "approve");
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain("已處理");

    const told = await t.database.db.select().from(notifications).where(eq(notifications.memberId, sellerId));
    expect(told.map((n) => n.title)).toContain("商城設定變更已核准");
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "shop_change_request"), eq(auditLog.entityId, String(id))));
    expect(audited.map((a) => a.action)).toEqual(["shop_change_request.approve"]);
  });

  test("a rejection needs a reason, changes nothing and shows the seller why", async () => {
    const asked = await save(await form({ name: "不會通過的名字" }));
    const id = asked.body.data.request?.id ?? 0;
    const noReason = await decide(id, "reject", "");
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain("請填寫未核准原因");
    const rejected = await decide(id, "reject", "名稱與品牌不符");
    expect(rejected.status, rejected.body.message).toBe(200);
    const v = (await view()).body.data;
    expect(v.shop.name).toBe("阿里山茶行 旗艦店");
    expect(v.request).toMatchObject({ id, status: "rejected", status_label: "未核准", reason: "名稱與品牌不符" });
  });

  test("putting everything back withdraws the pending request", async () => {
    const asked = await save(await form({ name: "暫時的名字" }));
    expect(asked.body.data.request?.status).toBe("pending");
    const live = await save({ ...(await form()), name: "阿里山茶行 旗艦店" });
    expect(live.body.data.request?.status).toBe("withdrawn");
    expect((await decide(asked.body.data.request?.id ?? 0, "approve")).status).toBe(409);
  });

  test("bad input is refused with a message and changes nothing", async () => {
    const live = await form();
    const cases: Array<[unknown, string]> = [
      [{ ...live, name: "茶" }, "商城名稱至少 2 個字"],
      [{ ...live, intro: "長".repeat(501) }, "簡介最多 500 字"],
      [{ ...live, banner: "https://evil.example/x.png" }, "圖片路徑不正確"],
      [{ ...live, banner: "/uploads/admin/202611/other.webp" }, "請使用「上傳橫幅」上傳的圖片"],
      [{ ...live, delivery: { ...live.delivery, codes: [] } }, "請至少保留一種配送方式"],
      [{ ...live, delivery: { ...live.delivery, self_fee: -1 } }, "運費不可小於 0"],
      [{ ...live, delivery: { ...live.delivery, self_fee: 1.5 } }, "運費需為整數"],
      [{ ...live, extra: 1 }, ""],
    ];
    for (const [body, message] of cases) {
      const r = await save(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.message).toContain(message);
    }
    expect((await view()).body.data.request?.status).not.toBe("pending");
    const member = await loginAs(t, DEMO_ACCOUNTS.member);
    expect((await save(live, member)).status).toBe(403);
    expect((await t.call("POST", "/api/seller/shop", { body: live })).status).toBe(401);
  });

  test("a banner is uploaded as an image of the seller's own, then goes to review with the save", async () => {
    const ok = await upload(await png());
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/seller\/2\/\d{6}\/[0-9a-f-]+\.webp$/);
    const asked = await save(await form({ banner: url }));
    expect(asked.body.data.request?.changes).toEqual({ banner: url });
    await decide(asked.body.data.request?.id ?? 0, "approve");
    expect((await view()).body.data.shop.banner).toBe(url);

    const notImage = await upload(Buffer.from("not an image at all"));
    expect(notImage.statusCode).toBe(415);
    const member = await loginAs(t, DEMO_ACCOUNTS.member);
    expect((await upload(await png(), "image/png", member)).statusCode).toBe(403);
  });

  test("a shop without its own ship methods gets a copy of the main mall's when its first change is approved", async () => {
    const downline = await loginAs(t, DEMO_ACCOUNTS.downline);
    const downlineId = (await t.services.auth.authenticate(downline))?.member.id ?? 0;
    const made = await t.call<{ id: number }>("POST", "/api/admin/shops", {
      token: staff.owner,
      body: { owner_member_id: downlineId, name: "小陳的茶舖", commission_percent: 10 },
    });
    const shopId = made.body.data.id;
    const v = (await view(downline)).body.data;
    expect(v.delivery.codes).not.toContain("self");
    const asked = await save(
      { name: v.shop.name, intro: "", banner: "", delivery: { codes: ["hct", "self"], self_fee: 50, self_free_threshold: null } },
      downline,
    );
    await decide(asked.body.data.request?.id ?? 0, "approve");
    const rows = await t.database.db.select().from(shipMethods).where(eq(shipMethods.shopId, shopId));
    expect(
      rows
        .filter((r) => r.enabled)
        .map((r) => r.code)
        .sort(),
    ).toEqual(["hct", "self"]);
    expect(rows.find((r) => r.code === "self")).toMatchObject({ name: "小陳的茶舖 專人配送", fee: 50, freeThreshold: null });
    expect((await shipMethodsOf(shopId)).map((m) => m.code).sort()).toEqual(["hct", "self"]);
  });
});

describe("what staff approve is what the seller saw", () => {
  test("a delivery change made by staff after the request stops its approval; the request shows before and after", async () => {
    const live = await form();
    const codes = live.delivery.codes.filter((c) => c !== "cvs_family");
    const asked = await save({ ...live, delivery: { ...live.delivery, codes, self_fee: 70 } });
    const id = asked.body.data.request?.id ?? 0;
    const shown = await t.call<ShopChangeRequestView>("GET", `/api/admin/shop_requests/${id}`, { token: staff.owner });
    expect(shown.body.data.before.delivery).toEqual(live.delivery);
    expect(shown.body.data.changes.delivery).toMatchObject({ self_fee: 70 });

    // Staff switch a method off in 運費設定 meanwhile: approving the old picture would switch it back on.
    const [hct] = await t.database.db
      .select()
      .from(shipMethods)
      .where(and(eq(shipMethods.shopId, 2), eq(shipMethods.code, "hct")));
    await t.database.db
      .update(shipMethods)
      .set({ enabled: false })
      .where(eq(shipMethods.id, hct?.id ?? 0));
    try {
      const stale = await decide(id, "approve");
      expect(stale.status).toBe(409);
      expect(stale.body.message).toContain("商城設定在申請後已被變更");
      expect((await shipMethodsOf(2)).find((m) => m.code === "self")?.fee).not.toBe(70);
      expect((await decide(id, "reject", "請依目前的配送設定重新申請")).status).toBe(200);
    } finally {
      await t.database.db
        .update(shipMethods)
        .set({ enabled: true })
        .where(eq(shipMethods.id, hct?.id ?? 0));
    }
  });
});

describe("rival decisions", () => {
  test("approve and reject at once: exactly one wins; a new request and an approval at once leave one pending at most", async () => {
    for (let round = 0; round < 5; round++) {
      const asked = await save(await form({ name: `旗艦店 第${round}輪` }));
      const id = asked.body.data.request?.id ?? 0;
      const both = await Promise.all([decide(id, "approve"), decide(id, "reject", "重複")]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const [row] = await t.database.db.select().from(shopChangeRequests).where(eq(shopChangeRequests.id, id));
      const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, 2));
      expect(shop?.name === `旗艦店 第${round}輪`).toBe(row?.status === "approved");

      const next = await save(await form({ name: `下一個 第${round}輪` }));
      const [approval, resubmit] = await Promise.all([
        decide(next.body.data.request?.id ?? 0, "approve"),
        save(await form({ intro: `第${round}輪`, name: `再下一個 第${round}輪` })),
      ]);
      expect([200, 409]).toContain(approval.status);
      expect(resubmit.status).toBe(200);
      const pending = await t.database.db
        .select()
        .from(shopChangeRequests)
        .where(and(eq(shopChangeRequests.shopId, 2), eq(shopChangeRequests.status, "pending")));
      expect(pending.length).toBeLessThanOrEqual(1);
    }
  });
});
