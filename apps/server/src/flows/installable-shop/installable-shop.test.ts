import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { shops } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

// Each shop installs on a phone as its own app (decision 108): its manifest and its icons.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("a shop on a phone's home screen", () => {
  test("the main mall's manifest: its name, its start, three icons and its logo's colour", async () => {
    const r = await get("/manifest.webmanifest");
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("application/manifest+json");
    const m = r.json();
    expect(m).toMatchObject({
      id: "/",
      name: "茶山好物",
      short_name: "茶山好物",
      lang: "zh-Hant-TW",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#233b1d",
    });
    // The demo logo's pale green background, not the white fallback.
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.background_color).not.toBe("#ffffff");
    expect(m.icons.map((i: { src: string; sizes: string; purpose: string }) => [i.src, i.sizes, i.purpose])).toEqual([
      ["/icons/shop-1/icon-192.png", "192x192", "any"],
      ["/icons/shop-1/icon-512.png", "512x512", "any"],
      ["/icons/shop-1/maskable-512.png", "512x512", "maskable"],
    ]);
  });

  test("a sub-mall installs as its own app, starting in its own pages", async () => {
    const m = (await get("/shop_2/manifest.webmanifest")).json();
    expect(m).toMatchObject({ id: "/shop_2/", name: "阿里山茶行", start_url: "/shop_2/", scope: "/shop_2/" });
    expect(m.icons[0].src).toBe("/icons/shop-2/icon-192.png");
  });

  test("icons are square PNGs of their size, made from the logo (the main mall's for a shop without one)", async () => {
    for (const [url, size] of [
      ["/icons/shop-2/icon-192.png", 192],
      ["/icons/shop-2/icon-512.png", 512],
      ["/icons/shop-1/maskable-512.png", 512],
    ] as const) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers["content-type"]).toBe("image/png");
      const meta = await sharp(r.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual(["png", size, size]);
    }
    // The maskable icon keeps the logo inside its middle: its corner is the background, as is the plain icon's.
    const corner = async (url: string) => {
      const { data } = await sharp((await get(url)).rawPayload)
        .extract({ left: 0, top: 0, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    expect(await corner("/icons/shop-1/maskable-512.png")).toEqual(await corner("/icons/shop-1/icon-512.png"));

    const [plain] = await t.database.db.insert(shops).values({ name: "沒有標誌的小舖子，名字也很長喔", logo: "" }).returning();
    const id = plain?.id ?? 0;
    const m = (await get(`/shop_${id}/manifest.webmanifest`)).json();
    expect(m.short_name).toBe("沒有標誌的小舖子，名字也");
    expect(m.short_name).toHaveLength(12);
    expect((await get(`/icons/shop-${id}/icon-192.png`)).statusCode).toBe(200);

    // A suspended shop is not offered for install.
    await t.database.db.update(shops).set({ status: "suspended" }).where(eq(shops.id, id));
    const gone = await get(`/shop_${id}/manifest.webmanifest`);
    expect([gone.statusCode, gone.json().message]).toEqual([404, "此商城不存在或已暫停營業"]);
    expect((await get(`/icons/shop-${id}/icon-192.png`)).statusCode).toBe(404);
  });

  test("unknown shops, sizes and addresses are a 404, never a 500", async () => {
    for (const url of [
      "/shop_999999/manifest.webmanifest",
      "/shop_abc/manifest.webmanifest",
      "/icons/shop-1/icon-100.png",
      "/icons/shop-1/../../etc/passwd",
      "/icons/shop-999999/icon-192.png",
      "/icons/1/icon-192.png",
    ]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
    }
  });
});
