import type { StaffRole } from "@shop/contract/admin";
import { eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variants } from "../../db/schema/index.js";
import { DEMO_ACCOUNTS } from "../../demo/seed.js";
import { createTestApp, loginAs, setPayoutAccount, staffTokens, type TestApp } from "../../test/harness.js";

/** Back-office operations beyond the catalogue and orders: what staff change and what shoppers then see. */
let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const as = (role: StaffRole) => ({ token: tokens[role] });
let memberToken = "";
let memberId = 0;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await staffTokens(t));
  memberToken = await loginAs(t, DEMO_ACCOUNTS.member);
  memberId = (await t.services.auth.authenticate(memberToken))?.member.id ?? 0;
});
afterAll(() => t.close());

const audits = async (entity: string) =>
  (await t.call<{ items: Array<{ action: string }> }>("GET", `/api/admin/audit?entity=${entity}`, as("owner"))).body.data.items;
const variantStock = async (variantId: number) =>
  (await t.database.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]?.stock ??
  Number.NaN;

describe("withdrawal requests", () => {
  it("approve, then mark paid with a reference; a rejection gives the money back; support only reads", async () => {
    await setPayoutAccount(t, memberToken, {
      bank_user_name: "王小明",
      bank_code: "822",
      branch_code: "0015",
      bank_account: "123456789012",
    });
    const wallet = async () => (await t.services.loyalty.balances(memberId)).wallet;
    const start = await wallet();
    const apply = async (amount: number) =>
      (await t.call<{ id: number }>("POST", "/api/user/wallet/apply", { body: { amount }, token: memberToken })).body.data.id;
    const first = await apply(120);
    const second = await apply(150);
    expect(await wallet()).toBe(start - 270);

    const list = await t.call<{ items: Array<{ id: number; bank: { account: string } }> }>(
      "GET",
      "/api/admin/withdrawals?status=requested",
      as("support"),
    );
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((w) => w.id)).toEqual([second, first]);
    // Support sees the last four digits (decision 79); those who pay into it, the full number.
    expect(list.body.data.items[0]?.bank.account).toBe("****9012");
    const forOperator = await t.call<{ items: Array<{ bank: { account: string } }> }>(
      "GET",
      "/api/admin/withdrawals?status=requested",
      as("operator"),
    );
    expect(forOperator.body.data.items[0]?.bank.account).toBe("123456789012");
    expect((await t.call("POST", `/api/admin/withdrawals/${first}/approve`, as("support"))).status).toBe(403);

    // Paying before approval is refused.
    const early = await t.call("POST", `/api/admin/withdrawals/${first}/pay`, { ...as("operator"), body: { reference: "TX1" } });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain("處理中");
    expect((await t.call("POST", `/api/admin/withdrawals/${first}/approve`, as("operator"))).status).toBe(200);
    const paid = await t.call<{ status: string; note: string }>("POST", `/api/admin/withdrawals/${first}/pay`, {
      ...as("operator"),
      body: { reference: "FXML20261122-0001" },
    });
    expect(paid.body.data).toMatchObject({ status: "paid", note: "FXML20261122-0001" });
    expect(
      (await t.call("POST", `/api/admin/withdrawals/${first}/reject`, { ...as("operator"), body: { reason: "x" } })).status,
    ).toBe(409);

    const rejected = await t.call("POST", `/api/admin/withdrawals/${second}/reject`, {
      ...as("operator"),
      body: { reason: "戶名與帳號不符" },
    });
    expect(rejected.status).toBe(200);
    expect(await wallet()).toBe(start - 120);

    const mine = await t.call<{ list: Array<{ id: number; status_label: string; note: string }> }>(
      "GET",
      "/api/user/wallet/withdrawals",
      { token: memberToken },
    );
    expect(mine.body.data.list.find((w) => w.id === first)).toMatchObject({ status_label: "已匯款" });
    expect(mine.body.data.list.find((w) => w.id === second)).toMatchObject({ status_label: "已退回", note: "戶名與帳號不符" });
    expect((await audits("withdrawal")).map((a) => a.action)).toEqual([
      "withdrawal.update",
      "withdrawal.update",
      "withdrawal.update",
    ]);
    expect(await t.services.loyalty.unbalanced()).toEqual([]);
  });
});

describe("shops and sellers", () => {
  it("creates a sub-mall for a member with a commission, once per member; suspending closes it", async () => {
    const downline = await loginAs(t, DEMO_ACCOUNTS.downline);
    const ownerId = (await t.services.auth.authenticate(downline))?.member.id ?? 0;
    const made = await t.call<{ id: number; commission_percent: number }>("POST", "/api/admin/shops", {
      ...as("operator"),
      body: { owner_member_id: ownerId, name: "小陳的茶舖", commission_percent: 12 },
    });
    expect(made.status).toBe(200);
    expect(made.body.data.commission_percent).toBe(12);
    const shopId = made.body.data.id;
    expect((await t.call("POST", "/api/supmall/home", { body: { shop_id: shopId } })).status).toBe(200);
    expect((await t.services.shops.commissionOf(shopId, 1000))?.amount).toBe(120);

    const again = await t.call("POST", "/api/admin/shops", {
      ...as("operator"),
      body: { owner_member_id: ownerId, name: "第二間", commission_percent: 5 },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("此會員已經擁有子商城");
    const nobody = await t.call("POST", "/api/admin/shops", {
      ...as("operator"),
      body: { owner_member_id: 999999, name: "無主", commission_percent: 5 },
    });
    expect(nobody.body.message).toBe("找不到此會員");
    const overPercent = await t.call("POST", "/api/admin/shops", {
      ...as("operator"),
      body: { owner_member_id: ownerId, name: "x", commission_percent: 150 },
    });
    expect(overPercent.status).toBe(400);

    const suspend = await t.call("PUT", `/api/admin/shops/${shopId}`, {
      ...as("operator"),
      body: { name: "小陳的茶舖", intro: "", logo: "", banner: "", commission_percent: 12, status: "suspended" },
    });
    expect(suspend.status).toBe(200);
    expect((await t.call("POST", "/api/supmall/home", { body: { shop_id: shopId } })).status).toBe(404);
    const mainClosed = await t.call("PUT", "/api/admin/shops/1", {
      ...as("owner"),
      body: { name: "主商城", intro: "", logo: "", banner: "", commission_percent: 0, status: "suspended" },
    });
    expect(mainClosed.status).toBe(400);
    expect(mainClosed.body.message).toBe("主商城不可暫停營業");
  });

  it("a dealer with outlets and products appears in the public directory", async () => {
    const made = await t.call<{ id: number }>("POST", "/api/admin/dealers", {
      ...as("operator"),
      body: {
        name: "花蓮好茶行",
        county: "花蓮縣",
        product_ids: [1, 2],
        outlets: [{ name: "花蓮中正店", county: "花蓮縣", address: "花蓮市中正路 1 號", hours: "每日 10:00–21:00" }],
      },
    });
    expect(made.status).toBe(200);
    const found = await t.call<{ list: Array<{ name: string }> }>("GET", "/api/dealer/search?county=花蓮縣");
    expect(found.body.data.list.map((d) => d.name)).toContain("花蓮好茶行");
    const outlets = await t.call<{ list: Array<{ name: string }> }>(
      "GET",
      `/api/dealer/subSearch?dealer_id=${made.body.data.id}`,
    );
    expect(outlets.status).toBe(200);
    expect(outlets.body.data.list.map((o) => o.name)).toEqual(["花蓮中正店"]);
    const unknown = await t.call("POST", "/api/admin/dealers", {
      ...as("operator"),
      body: { name: "x", county: "台北市", product_ids: [999999] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("999999");
  });
});

describe("marketing", () => {
  it("a coupon issued to a member is in their coupon list; a bad coupon is refused", async () => {
    const bad = await t.call("POST", "/api/admin/coupons", {
      ...as("operator"),
      body: { title: "九折", kind: "percent", value: 120 },
    });
    expect(bad.status).toBe(400);
    const made = await t.call<{ id: number; rule_text: string }>("POST", "/api/admin/coupons", {
      ...as("operator"),
      body: { title: "會員九折券", kind: "percent", value: 10, min_spend: 500 },
    });
    expect(made.body.data.rule_text).toBe("滿 NT$500 打 9 折");
    const issued = await t.call("POST", `/api/admin/members/${memberId}/coupons`, {
      ...as("operator"),
      body: { coupon_id: made.body.data.id, days: 30 },
    });
    expect(issued.status).toBe(200);
    expect(
      (await t.call("POST", `/api/admin/members/${memberId}/coupons`, { ...as("support"), body: { coupon_id: 1, days: 30 } }))
        .status,
    ).toBe(403);
    const mine = await t.call<Array<{ title: string }>>("GET", "/api/coupon/search?state=available", { token: memberToken });
    expect(mine.body.data.map((c) => c.title)).toContain("會員九折券");
  });

  it("a promotion shows on the activity list; one that contradicts itself is refused", async () => {
    // The app's clock (the harness freezes it), not the wall clock.
    const now = t.clock.now.getTime();
    const body = {
      title: "冬季滿千折百",
      kind: "amount_off",
      threshold: 1000,
      value: 100,
      starts_at: new Date(now - 60_000).toISOString(),
      ends_at: new Date(now + 86_400_000).toISOString(),
    };
    const made = await t.call<{ rule_text: string }>("POST", "/api/admin/promotions", { ...as("operator"), body });
    expect(made.status).toBe(200);
    expect(made.body.data.rule_text).toBe("消費滿 NT$1,000 折 NT$100");
    const list = await t.call<{ list: Array<{ title: string }> }>("GET", "/api/discount/search?shop_id=1");
    expect(list.body.data.list.map((p) => p.title)).toContain("冬季滿千折百");
    const worse = await t.call("POST", "/api/admin/promotions", { ...as("operator"), body: { ...body, value: 2000 } });
    expect(worse.status).toBe(400);
    expect(worse.body.message).toContain("折抵金額須大於 0 且不超過門檻");
    const backwards = await t.call("POST", "/api/admin/promotions", {
      ...as("operator"),
      body: { ...body, ends_at: body.starts_at },
    });
    expect(backwards.body.message).toContain("結束時間須晚於開始時間");
  });

  it("a raffle's goods prize sets stock aside; lowering or removing it gives the rest back", async () => {
    const [stocked] = await t.database.db.select().from(variants).where(gte(variants.stock, 10)).limit(1);
    const variantId = stocked?.id ?? 0;
    const before = await variantStock(variantId);
    const raffle = (prizes: unknown[]) => ({
      title: "冬日刮刮樂",
      min_order_amount: 800,
      starts_at: new Date(t.clock.now.getTime() - 60_000).toISOString(),
      ends_at: new Date(t.clock.now.getTime() + 86_400_000).toISOString(),
      prizes,
    });
    const made = await t.call<{ id: number; prizes: Array<{ id: number; kind: string }> }>("POST", "/api/admin/raffles", {
      ...as("operator"),
      body: raffle([
        { title: "好禮一份", kind: "goods", variant_id: variantId, weight: 1, stock: 3 },
        { title: "銘謝惠顧", kind: "nothing", weight: 9, stock: null },
      ]),
    });
    expect(made.body.message).toBe("抽獎活動已建立");
    expect(await variantStock(variantId)).toBe(before - 3);
    const [goods, nothing] = made.body.data.prizes;
    const id = made.body.data.id;

    const lowered = await t.call("PUT", `/api/admin/raffles/${id}`, {
      ...as("operator"),
      body: raffle([
        { id: goods?.id, title: "好禮一份", kind: "goods", variant_id: variantId, weight: 1, stock: 1 },
        { id: nothing?.id, title: "銘謝惠顧", kind: "nothing", weight: 9, stock: null },
      ]),
    });
    expect(lowered.body.message).toBe("抽獎活動已更新");
    expect(await variantStock(variantId)).toBe(before - 1);

    const changedKind = await t.call("PUT", `/api/admin/raffles/${id}`, {
      ...as("operator"),
      body: raffle([{ id: goods?.id, title: "改成點數", kind: "points", amount: 10, weight: 1, stock: 1 }]),
    });
    expect(changedKind.status).toBe(400);
    expect(changedKind.body.message).toBe("獎項建立後不可變更內容，請新增一個獎項");
    expect(await variantStock(variantId)).toBe(before - 1);

    const removed = await t.call("PUT", `/api/admin/raffles/${id}`, {
      ...as("operator"),
      body: raffle([{ id: nothing?.id, title: "銘謝惠顧", kind: "nothing", weight: 9, stock: null }]),
    });
    expect(removed.status).toBe(200);
    expect(await variantStock(variantId)).toBe(before);

    const tooMany = await t.call("POST", "/api/admin/raffles", {
      ...as("operator"),
      body: raffle([{ title: "好禮", kind: "goods", variant_id: variantId, weight: 1, stock: 1_000_00 }]),
    });
    expect(tooMany.status).toBe(409);
    expect(await variantStock(variantId)).toBe(before);
  });

  it("an exchange item must name a real variant", async () => {
    const r = await t.call("POST", "/api/admin/exchange_items", {
      ...as("operator"),
      body: { variant_id: 999999, title: "兌換好禮", points: 500 },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("找不到商品規格編號 999999");
  });
});
