/**
 * The rehearsal's day of business (decision 76): the owner sets the shop up in the back office,
 * three shoppers pay three ways, and every order goes the whole way to 已完成 with its invoice and
 * its customer's e-mail, through the shop's HTTP API as the back office and the storefront call it.
 */

import { DEFAULT_PAYMENT_ORDER } from "@shop/contract/order";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import type { startFakes } from "./fakes.js";
import { eventually, type shopApi } from "./shop-api.js";

interface Day {
  api: ReturnType<typeof shopApi>;
  fakes: Awaited<ReturnType<typeof startFakes>>;
  check: (ok: unknown, what: string) => void;
  step: (what: string) => void;
  origin: string;
}

export const OWNER = { username: "boss", password: "golive-Owner-2026" };
export const METRICS_TOKEN = "golive-metrics-token-0123456789";

const address = { zip: "100", county: "臺北市", district: "中正區", line: "重慶南路一段 122 號" };

export async function runShopDay({ api, fakes, check, step, origin }: Day) {
  step("The owner signs in and switches on two-step sign-in (TOTP)");
  let staff = (await api.must("POST", "/api/admin/auth/login", { body: OWNER })).token as string;
  const { secret } = await api.must("POST", "/api/admin/auth/totp/setup", { token: staff, body: {} });
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await api.must("POST", "/api/admin/auth/totp/enable", { token: staff, body: { code: totp.generate() } });
  const noCode = await api.call("POST", "/api/admin/auth/login", { body: OWNER });
  check(noCode.status === 401 && noCode.body.data?.totp_required, "signing in now asks for the authenticator code");
  staff = (
    await api.must("POST", "/api/admin/auth/login", {
      body: { ...OWNER, totp: totp.generate({ timestamp: Date.now() + 30_000 }) },
    })
  ).token;
  check(staff, "the owner signs in with password and TOTP");

  step("A category, a product with a photo and two variants, stock; shipping and payments");
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#3a5f2c" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([png], { type: "image/png" }), "tea.png");
  const photo = await api.must("POST", "/api/admin/uploads", { token: staff, form });
  check(photo.url.startsWith("/uploads/"), `the photo is uploaded (${photo.width}×${photo.height})`);
  const category = await api.must("POST", "/api/admin/categories", {
    token: staff,
    body: { name: "高山茶", show_on_home: true },
  });
  const product = await api.must("POST", "/api/admin/products", {
    token: staff,
    body: {
      category_id: category.id,
      name: "阿里山高山烏龍",
      description: "<p>海拔 1,500 公尺，手採一心二葉。</p>",
      images: [photo.url],
      status: "on",
      variants: [
        { sku: "ALISHAN-75", name: "75 克", price: 680, list_price: 800 },
        { sku: "ALISHAN-150", name: "150 克", price: 1280, list_price: 1500 },
      ],
    },
  });
  const [small, large] = product.variants as Array<{ id: number }>;
  for (const v of [small, large])
    await api.must("POST", `/api/admin/products/${product.id}/stock`, {
      token: staff,
      body: { variant_id: v?.id, delta: 50, reason: "adjust", note: "開店進貨" },
    });
  check(small && large, `product ${product.id} on sale with two variants and 50 of each`);
  const methods = (await api.must("GET", "/api/admin/ship_methods?page=1&per_page=50", { token: staff })).items as Array<
    Record<string, unknown> & { id: number; code: string }
  >;
  check(methods.length >= 6, `a new shop has its ship methods to set (${methods.map((m) => m.code).join(", ")})`);
  for (const m of methods.filter((x) => x.code === "hct" || x.code === "cvs_711"))
    await api.must("PUT", `/api/admin/ship_methods/${m.id}`, {
      token: staff,
      body: { name: m.name, fee: m.code === "hct" ? 150 : 70, free_threshold: 2000, enabled: true, sort: m.sort },
    });
  await api.must("PUT", "/api/admin/payment_settings", {
    token: staff,
    body: {
      // Every method in checkout's order (decision 88); those this deployment lacks stay off whatever the switch.
      methods: DEFAULT_PAYMENT_ORDER.map((method) => ({ method, on: true, fee: method === "card" ? "2.75%" : "" })),
      instalments: [{ count: 3, on: true, min: 1000 }],
      transfer_bank_code: "822",
      transfer_account: "1234-5678-9012",
      transfer_holder: "茶山好物股份有限公司",
    },
  });
  const page = await api.call("GET", `/product/details?id=${product.id}`);
  check(page.status === 200 && page.text.includes("阿里山高山烏龍"), `its page renders (${page.status})`);
  check(!page.text.includes("測試模式"), "the page says nothing of 測試模式: no provider is simulated");

  step("Shopper 1 signs up with an SMS code and pays by card with 3-D Secure");
  const phone = "0933111222";
  await api.must("POST", "/api/register/user/sendCaptcha", { body: { phone } });
  const sms = await eventually("the SMS code", async () => fakes.mitake.sent.find((m) => m.phone === phone));
  const code = /(\d{6})/.exec(sms.text)?.[1];
  const member = await api.must("POST", "/api/register/user/store", {
    body: { phone, captcha: code, password: "shopper-2026", name: "林小姐", email: "lin@golive.example" },
  });
  check(member.token, `the code came through Mitake (${sms.text.slice(0, 24)}…) and the member is registered`);
  const prime = fakes.tappay.issuePrime("4000000000003220");
  const card = await api.must("POST", "/api/order/store/fast", {
    token: member.token,
    body: {
      variant_id: large?.id,
      qty: 1,
      ship_method: "hct",
      payment_method: "card",
      prime,
      receiver: { name: "林小姐", phone },
      address,
      invoice: { type: "member" },
    },
  });
  check(card.next.type === "redirect_3ds", "the card asks for 3-D Secure");
  const rec = new URL(card.next.url).searchParams.get("rec_trade_id") ?? "";
  const bank = fakes.tappay.complete3ds(rec, true);
  const notifyPath = new URL(bank?.notifyUrl ?? "").pathname;
  await api.must("POST", notifyPath, { body: bank?.notify });
  const paid = async (no: string) => (await api.must("GET", `/api/admin/orders/${no}`, { token: staff })).status;
  check(
    (await paid(card.order_no)) === "paid",
    `order ${card.order_no} is paid after the bank's yes (TapPay's notify, checked by the Record API)`,
  );

  step("Shopper 2 (a guest) pays by transfer; staff confirm it");
  const transfer = await api.must("POST", "/api/order/store/fast", {
    body: {
      variant_id: small?.id,
      qty: 2,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "陳先生", phone: "0944222333" },
      email: "chen@golive.example",
      address,
      invoice: { type: "company", tax_id: "22099131", title: "茶山好物股份有限公司" },
    },
  });
  check(transfer.next.type === "transfer", `order ${transfer.order_no} waits for NT$${transfer.next.amount} by transfer`);
  await api.must("POST", `/api/admin/orders/${transfer.order_no}/confirm_payment`, { token: staff, body: {} });
  check((await paid(transfer.order_no)) === "paid", "staff confirm the transfer");

  step("Shopper 3 (a guest) takes it from a 7-ELEVEN and pays there (cash on delivery)");
  const cod = await api.must("POST", "/api/order/store/fast", {
    body: {
      variant_id: small?.id,
      qty: 1,
      ship_method: "cvs_711",
      payment_method: "cod",
      receiver: { name: "黃小姐", phone: "0955333444" },
      email: "huang@golive.example",
      cvs_store: { type: "cvs_711", id: "131386", name: "建盛門市", address: "台北市中正區重慶南路一段 100 號" },
      invoice: { type: "member" },
    },
  });
  check(cod.next.type === "done", `order ${cod.order_no} placed to pay at the store`);

  step("Staff ship: HCT consignments for home delivery, an ECPay store shipment for the 7-ELEVEN");
  for (const no of [card.order_no, transfer.order_no]) {
    const shipped = await api.must("POST", `/api/admin/orders/${no}/hct_shipment`, { token: staff, body: {} });
    check(
      shipped.status === "shipped" && /^1234567\d{3}$/.test(shipped.tracking_no),
      `${no} shipped with HCT ${shipped.tracking_no}`,
    );
  }
  const cvs = await api.must("POST", `/api/admin/orders/${cod.order_no}/cvs_shipment`, { token: staff, body: {} });
  check(
    cvs.status === "shipped" && cvs.cvs_shipment?.status === "created",
    `${cod.order_no} shipped with ECPay ${cvs.cvs_shipment?.logistics_id}`,
  );

  step("Delivery: staff mark the home deliveries; ECPay's signed pushes say the parcel reached the store and was collected");
  for (const no of [card.order_no, transfer.order_no])
    await api.must("POST", `/api/admin/orders/${no}/deliver`, { token: staff, body: {} });
  for (const [rtn, msg] of [
    ["2063", "商品已到門市"],
    ["2067", "消費者成功取件"],
  ] as const) {
    const push = new URLSearchParams(fakes.logistics.statusPush(cvs.cvs_shipment.logistics_id, rtn, msg));
    const r = await fetch(`${origin}/api/ecpay/logistics/notify`, { method: "POST", body: push });
    check((await r.text()) === "1|OK", `ECPay push ${rtn} ${msg} answered 1|OK`);
  }
  const codOrder = await api.must("GET", `/api/admin/orders/${cod.order_no}`, { token: staff });
  check(codOrder.status === "delivered" && codOrder.paid_at, "the store pick-up is delivered and its cash collected");

  step("Every order completes; invoices issued at ECPay; every customer e-mailed");
  for (const no of [card.order_no, transfer.order_no, cod.order_no]) {
    const done = await api.must("POST", `/api/admin/orders/${no}/complete`, { token: staff, body: {} });
    check(done.status === "completed", `${no} completed`);
  }
  const relates = await eventually("three invoices at ECPay", async () =>
    fakes.einvoice.invoices.size >= 3 ? [...fakes.einvoice.invoices.keys()] : null,
  );
  check(relates.length === 3, `ECPay's fake holds ${relates.length} issued invoices`);
  const issued = await eventually("the invoices to be issued", async () => {
    const list = await api.must("GET", "/api/admin/invoices?page=1&per_page=20", { token: staff });
    return list.items.filter((i: { status: string }) => i.status === "issued").length === 3 ? list.items : null;
  });
  check(issued.length === 3, "the back office lists the three invoices as issued");
  for (const to of ["lin@golive.example", "chen@golive.example", "huang@golive.example"]) {
    const mail = await eventually(`mail to ${to}`, async () => fakes.smtp.mailbox.filter((m) => m.to.includes(to)).length >= 2);
    check(mail, `${to} was e-mailed about the order (SMTP)`);
  }

  step("The CSV export, and /metrics with nothing stuck");
  const csv = await api.call("GET", "/api/admin/orders.csv", { token: staff });
  check(
    csv.status === 200 && [card.order_no, transfer.order_no, cod.order_no].every((no) => csv.text.includes(no)),
    "the orders CSV lists the three orders",
  );
  const stuck = await eventually(
    "no stuck work",
    async () => {
      const r = await api.call("GET", "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(r.text)?.[1] ?? Number.NaN);
      const gauges = [
        "shop_jobs_failed",
        "shop_outbox_waiting",
        "shop_outbox_failed",
        "shop_invoices_parked",
        "shop_payments_in_doubt",
        "shop_orders_overdue",
      ];
      return gauges.every((g) => value(g) === 0) ? gauges : null;
    },
    60,
  );
  check(stuck.length === 6, `/metrics: ${stuck.join(", ")} all 0`);
  const status = await api.must("GET", "/api/admin/system", { token: staff });
  const modes = Object.fromEntries(status.providers.map((p: { channel: string; mode: string }) => [p.channel, p.mode]));
  check(!Object.values(modes).includes("simulator"), `系統狀態: no simulator (${JSON.stringify(modes)})`);
  const card_ = status.providers.find((p: { channel: string }) => p.channel === "card");
  check(card_?.last_success_at && !card_.last_failure_at, "系統狀態 shows TapPay's last success and no failure");
}
