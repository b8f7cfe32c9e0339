import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { registerMember, shot, staffSignIn } from "./flows";
import { newPhone } from "./helpers";

/**
 * A shop operator's day (issue 20): the orders come in from the storefront, the back office works
 * through every queue, and each customer hears of each step exactly once — read back from the
 * local SMTP server, LINE fake and SMS capture the test-mode server runs.
 */

interface Sent {
  mail: Array<{ to: string; subject: string; text: string }>;
  line: Array<{ to: string; text: string }>;
  sms: Array<{ phone: string; text: string }>;
}
async function sent(request: APIRequestContext, q: string): Promise<Sent> {
  const r = await request.get(`/api/test/messages?q=${encodeURIComponent(q)}`);
  return ((await r.json()) as { data: Sent }).data;
}
const sorted = (xs: string[]) => [...xs].sort();

async function openOrder(page: Page, orderNo: string) {
  // A filter in the address replaces the one the list remembers (the 待出貨 queue, say).
  await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ q: orderNo }))}`);
  await page.getByRole("cell", { name: orderNo }).click();
  await expect(page.getByTestId("admin-order-status")).toBeVisible();
}

async function placeOrder(request: APIRequestContext, body: Record<string, unknown>, token?: string) {
  const r = await request.post("/api/order/store/fast", {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: { invoice: { type: "member" }, ...body },
  });
  const json = (await r.json()) as { message: string; data: { order_no: string } };
  expect(r.status(), json.message).toBe(200);
  return json.data.order_no;
}

test("an operator's day: orders confirmed, bulk-shipped and printed, a return refunded, a depot pick-up shipped, an inquiry answered, a member suspended; every customer told once", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const product = (await (await request.get("/api/product/get?id=3")).json()) as {
    data: { variants: Array<{ id: number; price: number }> };
  };
  const variant = product.data.variants[0];
  if (!variant) throw new Error("product 3 has no variant");

  // A member who signed in with LINE once, so their messages go out as LINE pushes too.
  const member = await registerMember(request, "營運日會員");
  const asMember = { authorization: `Bearer ${member.token}` };
  const shopper = await browser.newPage();
  await shopper.goto("/login");
  await shopper.getByRole("button", { name: "使用 LINE 登入" }).click();
  await shopper.getByLabel("測試帳號 ID").fill(`line-opday-${stamp}`);
  await shopper.getByRole("button", { name: "同意並登入" }).click();
  await shopper.getByLabel("手機號碼或電子郵件").fill(member.phone);
  await shopper.getByLabel("密碼", { exact: true }).fill(member.password);
  await shopper.getByRole("button", { name: "登入並綁定" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: "綁定成功" })).toBeVisible();
  await expect(shopper).toHaveURL(/\/member$/);

  // The storefront's morning: a guest orders to a 7-ELEVEN and pays there; the member orders one
  // parcel home and goods into the cloud depot (enough value for a free HCT pick-up).
  const guestPhone = newPhone();
  const guestEmail = `guest-${stamp}@example.com`;
  const memberEmail = `member-${stamp}@example.com`;
  const guestNo = await placeOrder(request, {
    variant_id: variant.id,
    qty: 1,
    ship_method: "cvs_711",
    payment_method: "cod",
    cvs_store: { type: "cvs_711", id: "131386", name: "建北門市", address: "台北市中正區重慶南路一段 122 號" },
    receiver: { name: "林訪客", phone: guestPhone },
    email: guestEmail,
  });
  const homeNo = await placeOrder(
    request,
    {
      variant_id: variant.id,
      qty: 2,
      ship_method: "hct",
      payment_method: "transfer",
      receiver: { name: "營運日會員", phone: member.phone },
      address: { zip: "100", county: "台北市", district: "中正區", line: "重慶南路一段 122 號" },
      email: memberEmail,
    },
    member.token,
  );
  const depotQty = Math.ceil(1500 / variant.price);
  const depotNo = await placeOrder(
    request,
    {
      variant_id: variant.id,
      qty: depotQty,
      ship_method: "depot",
      payment_method: "transfer",
      receiver: { name: "營運日會員", phone: member.phone },
    },
    member.token,
  );

  // Staff: the dashboard's 今日待辦 leads to the orders to ship; both transfers are confirmed.
  await staffSignIn(page, "operator", "operator12345");
  await page.getByRole("link", { name: /^待出貨/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?.*to_ship/);
  await expect(page.getByRole("cell", { name: guestNo })).toBeVisible();
  await shot(page, "operator-day-to-ship");
  // Depot goods are the member's once paid: that order is complete at once.
  for (const [no, state] of [
    [homeNo, "已付款"],
    [depotNo, "已完成"],
  ] as const) {
    await openOrder(page, no);
    await page.getByRole("button", { name: "確認收款" }).click();
    await expect(page.getByTestId("admin-order-status")).toContainText(state);
  }

  // The store pick-up order: its ECPay shipment is made from the order, and its label prints.
  await openOrder(page, guestNo);
  await page.getByRole("button", { name: "建立超商寄件單並出貨" }).click();
  await expect(page.getByTestId("admin-order-status")).toContainText("已出貨");
  await shot(page, "operator-day-cvs-shipped");
  // The carrier's label page opens the print dialog by itself; here the test prints it to PDF
  // instead (Chromium refuses a second print job while the page's own is open).
  await page.context().addInitScript(() => {
    window.print = () => {};
  });
  const [label] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "列印超商寄件單" }).click()]);
  await expect(label.getByRole("heading", { name: "超商寄件單" })).toBeVisible();
  await expect(label.getByText("測試模式").first()).toBeVisible();
  await shot(label, "operator-day-cvs-label");
  expect((await label.pdf({ format: "A6" })).subarray(0, 4).toString()).toBe("%PDF");
  await label.close();

  // Bulk ship from the carrier's sheet: the valid row ships, the unknown order is listed.
  await page.goto(`/admin/orders?filter=${encodeURIComponent("{}")}`);
  await page.getByRole("button", { name: "批次出貨" }).click();
  await page.getByLabel("訂單編號與物流單號").fill(`${homeNo},HCT${stamp}\n99990000000001,HCT000`);
  await page.getByRole("dialog").getByRole("button", { name: "出貨", exact: true }).click();
  await expect(page.getByText("已出貨 1 筆，1 筆未出貨")).toBeVisible();
  await expect(page.getByRole("dialog")).toContainText("99990000000001：");
  await page.getByRole("button", { name: "關閉" }).click();

  // The packing slip prints to PDF with what goes in the box and where it goes.
  await openOrder(page, homeNo);
  await expect(page.getByTestId("admin-order-status")).toContainText("已出貨");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "列印出貨單" })).toBeHidden();
  await expect(page.getByText("重慶南路一段 122 號").first()).toBeVisible();
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
  await page.emulateMedia({ media: "screen" });

  // The carriers report delivery: the COD parcel is paid on collection.
  for (const no of [homeNo, guestNo]) {
    await openOrder(page, no);
    await page.getByRole("button", { name: "標記已送達" }).click();
    await expect(page.getByTestId("admin-order-status")).toContainText("已送達");
  }

  // The member returns one of the two within the appraisal period; staff approve, receive, refund.
  await shopper.goto(`/member/order_detail?order_no=${homeNo}`);
  await shopper.getByRole("button", { name: "申請退貨" }).click();
  await shopper.getByLabel(/退貨數量$/).selectOption("1");
  await shopper.getByLabel("退貨原因").selectOption({ index: 1 });
  // Paid by transfer: the refund goes to the member's own account (decision 83).
  await shopper.getByLabel("戶名").fill("營運日會員");
  await shopper.getByLabel("銀行").selectOption("004");
  await shopper.getByLabel("分行代碼或名稱搜尋").fill("0037");
  await expect(shopper.getByTestId("branch-name")).toHaveText("臺灣銀行 營業部");
  await shopper.getByLabel("帳號").fill("12345678901234");
  await shopper.getByRole("button", { name: "送出申請" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: "已送出退貨申請，客服將盡快與您聯繫" })).toBeVisible();
  // Each step moves the request to the next queue (the list's status filter).
  const returnsIn = (status: string) => page.goto(`/admin/returns?filter=${encodeURIComponent(JSON.stringify({ status }))}`);
  for (const [queue, step, done] of [
    // A home delivery comes back by a 黑貓 pick-up by default (decision 91).
    ["requested", "核准", "已核准並建立退貨寄件，已通知買家"],
    ["approved", "收到，回庫存", "已確認收到退貨，商品將回庫存"],
    // The refundable amount is the default (decision 83).
    ["received", /^退款 NT\$[\d,]+$/, "已退款，商品已回庫存"],
  ] as const) {
    await returnsIn(queue);
    await page.getByRole("row").filter({ hasText: homeNo }).getByRole("button", { name: step }).click();
    await expect(page.getByText(done)).toBeVisible();
  }
  await returnsIn("refunded");
  await expect(page.getByRole("row").filter({ hasText: homeNo })).toContainText("已退款");
  await shot(page, "operator-day-returns");

  // The depot pick-up the member asks for ships from 雲端提貨, then arrives.
  const address = await request.post("/api/user/addr/store", {
    headers: asMember,
    data: {
      name: "營運日會員",
      phone: member.phone,
      zip: "100",
      county: "台北市",
      district: "中正區",
      line: "重慶南路一段 122 號",
    },
  });
  expect(address.status()).toBe(200);
  const book = (await (await request.get("/api/user/addr/search", { headers: asMember })).json()) as {
    data: Array<{ id: number }>;
  };
  const takeout = await request.post("/api/user/takeout/hct", {
    headers: asMember,
    data: { items: [{ variant_id: variant.id, qty: depotQty }], address_id: book.data[0]?.id },
  });
  const takeoutJson = (await takeout.json()) as { message: string; data: { id: number } };
  expect(takeout.status(), takeoutJson.message).toBe(200);
  const takeoutId = takeoutJson.data.id;
  const takeoutsIn = (status: string) => page.goto(`/admin/takeouts?filter=${encodeURIComponent(JSON.stringify({ status }))}`);
  await takeoutsIn("requested");
  // The row whose first cell is this request's number (other journeys leave requests waiting too).
  const pickUp = page.getByRole("row").filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${takeoutId}$`) }) });
  // Its HCT consignment takes the next number of the contract's block, and the label prints.
  await pickUp.getByRole("button", { name: "建立託運單並出貨" }).click();
  await expect(page.getByText("已建立新竹物流託運單並出貨，並通知會員")).toBeVisible();
  await takeoutsIn("shipped");
  const tracking = ((await pickUp.locator("td").nth(7).textContent()) ?? "").trim();
  expect(tracking).toMatch(/^99\d{8}$/);
  const [hctLabel] = await Promise.all([page.waitForEvent("popup"), pickUp.getByRole("link", { name: "列印標籤" }).click()]);
  await expect(hctLabel.getByRole("img", { name: `託運單號 ${tracking}` })).toBeVisible();
  await expect(hctLabel.getByText("測試模式（不可寄件）")).toBeVisible();
  await expect(hctLabel.getByText("收件人：營運日會員")).toBeVisible();
  await shot(hctLabel, "operator-day-hct-label");
  expect((await hctLabel.pdf({ width: "100mm", height: "100mm" })).subarray(0, 4).toString()).toBe("%PDF");
  await hctLabel.close();
  await pickUp.getByRole("button", { name: "標記送達" }).click();
  await expect(page.getByText("已標記送達")).toBeVisible();
  await takeoutsIn("delivered");
  await expect(page.getByRole("row").filter({ hasText: tracking })).toContainText("已送達");

  // An inquiry from the contact form is answered from 客服信箱.
  const askerEmail = `ask-${stamp}@example.com`;
  const subject = `禮盒可以指定送達日嗎 ${stamp}`;
  const asked = await request.post("/api/contactu/email", {
    data: { name: "張詢問", phone: newPhone(), email: askerEmail, subject, message: "想在週六收到，可以嗎？" },
  });
  expect(asked.status()).toBe(200);
  await page.goto("/admin/inquiries");
  await page.getByRole("cell", { name: subject }).click();
  await page.getByLabel("回覆內容（以電子郵件寄給詢問者）").fill("可以的，請在訂單備註寫上希望的日期。");
  await page.getByRole("button", { name: "送出回覆" }).click();
  await expect(page.getByText("已回覆，並以電子郵件寄給詢問者")).toBeVisible();

  // The member is suspended: their session ends and signing in is refused with the reason.
  await page.goto("/admin/members");
  await page.getByPlaceholder("手機、姓名、Email、推薦碼或會員編號").fill(member.phone);
  await page.getByRole("cell", { name: member.phone }).click();
  await page.getByLabel("停用原因").fill("營運日測試：疑似盜用");
  await page.getByRole("button", { name: "停用帳號" }).click();
  await expect(page.getByText("已停用帳號，會員的登入已全部登出")).toBeVisible();
  expect((await request.get("/api/user/get", { headers: asMember })).status()).toBe(401);
  // Their open page learns it at its next call: it says the sign-in has ended, then offers sign-in (decision 49).
  await shopper.goto("/login");
  await expect(shopper.getByRole("dialog").getByText("登入已逾時，請重新登入")).toBeVisible();
  await shopper.getByRole("button", { name: "確認", exact: true }).click();
  await expect(shopper).toHaveURL(/\/login$/);
  await shopper.getByLabel("手機號碼或電子郵件").fill(member.phone);
  await shopper.getByLabel("密碼").fill(member.password);
  await shopper.getByRole("button", { name: "登入", exact: true }).click();
  await expect(shopper.getByText("此帳號已停用，請聯繫客服")).toBeVisible();
  await shopper.close();

  // What each customer heard, once each (the outbox sends on the server's 5-second job timer).
  // Cash on delivery is invoiced when delivered, the transfer when confirmed (decision 57).
  const guestMail = [
    `訂單 ${guestNo} 已成立`,
    `訂單 ${guestNo} 已出貨`,
    `訂單 ${guestNo} 已送達`,
    `訂單 ${guestNo} 電子發票已開立`,
  ];
  const memberSteps = [
    `訂單 ${homeNo} 已成立`,
    `訂單 ${homeNo} 已付款`,
    `訂單 ${homeNo} 電子發票已開立`,
    `訂單 ${homeNo} 已出貨`,
    `訂單 ${homeNo} 已送達`,
    `訂單 ${homeNo} 退貨申請已核准，請寄回商品`,
    `訂單 ${homeNo} 已收到您退回的商品，將盡快退款`,
    `訂單 ${homeNo} 部分退款`,
  ];
  const firstLine = (text: string) => text.split("\n")[0] ?? "";
  const told = async () => {
    const guest = await sent(request, guestNo);
    const home = await sent(request, homeNo);
    const takeoutSent = await sent(request, `提貨 #${takeoutId}`);
    const inquiry = await sent(request, askerEmail);
    return {
      guestMail: sorted(guest.mail.filter((m) => m.to.includes(guestEmail)).map((m) => m.subject.replace(/^【.+?】/, ""))),
      guestSms: guest.sms.filter((m) => m.phone === guestPhone).length,
      memberMail: sorted(
        home.mail.filter((m) => m.to.includes(memberEmail)).map((m) => m.subject.replace(/^【.+?】/, "").replace(/ NT\$.*$/, "")),
      ),
      memberLine: sorted(home.line.map((m) => firstLine(m.text).replace(/ NT\$.*$/, ""))),
      takeoutLine: takeoutSent.line.length,
      inquiryMail: inquiry.mail.filter((m) => m.to.includes(askerEmail)).length,
    };
  };
  const expected = {
    guestMail: sorted(guestMail),
    guestSms: 2, // the order number, and that it is on its way
    memberMail: sorted(memberSteps),
    memberLine: sorted(memberSteps),
    takeoutLine: 2, // shipped, delivered
    inquiryMail: 2, // to the asker: the receipt, and the reply (the shop's own copy goes to its mailbox)
  };
  await expect.poll(told, { timeout: 60_000, intervals: [1000] }).toEqual(expected);
  // Two more job ticks: nothing is sent a second time.
  await page.waitForTimeout(11_000);
  expect(await told()).toEqual(expected);
  const reply = (await sent(request, askerEmail)).mail.find((m) => m.subject.startsWith("Re:"));
  expect(reply?.text).toContain("請在訂單備註寫上希望的日期");
});
