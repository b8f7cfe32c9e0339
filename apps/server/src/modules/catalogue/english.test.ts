import type { CategoryPage, NewsSummary, ProductCard, ProductView, SearchPage, Suggestion } from "@shop/contract";
import type { AdminCategory, AdminProduct, StaffRole } from "@shop/contract/admin";
import type { CategoryNode } from "@shop/contract/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, staffTokens, type TestApp } from "../../test/harness.js";

/**
 * English versions of catalogue content (decision 109): staff fill them in the back office, the
 * storefront's reads carry them beside the Chinese ("" when none), and bad input changes nothing.
 */

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const as = (role: StaffRole) => ({ token: tokens[role] });

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await staffTokens(t));
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const r = await t.call<T>("GET", url);
  expect(r.status, url).toBe(200);
  return r.body.data;
};

/** A product as the back office's form sends it back, with changes. */
function productBody(p: AdminProduct, changes: Record<string, unknown>) {
  return {
    category_id: p.category_id,
    name: p.name,
    subtitle: p.subtitle,
    description: p.description,
    name_en: p.name_en,
    subtitle_en: p.subtitle_en,
    description_en: p.description_en,
    images: p.images,
    status: p.status,
    point_percent: p.point_percent,
    tags: p.tags,
    per_order_limit: p.per_order_limit,
    per_member_limit: p.per_member_limit,
    hold_minutes: p.hold_minutes,
    temperature: p.temperature,
    brand: p.brand,
    shop_ids: p.shop_ids,
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name,
      price: v.price,
      list_price: v.list_price,
      image: v.image,
      size_cm: v.size_cm,
      weight_g: v.weight_g,
      gtin: v.gtin,
      preorder_cap: v.preorder_cap,
      preorder_ship_on: v.preorder_ship_on,
    })),
    ...changes,
  };
}

const adminProduct = async (id: number) =>
  (await t.call<AdminProduct>("GET", `/api/admin/products/${id}`, as("support"))).body.data;
const adminCategory = async (id: number) =>
  (await t.call<AdminCategory>("GET", `/api/admin/categories/${id}`, as("support"))).body.data;

describe("English catalogue content", () => {
  it("is empty by default and the demo shop has some", async () => {
    // Product 5 (北埔膨風茶) has no English in the demo; product 1 (阿里山金萱烏龍) has.
    const plain = await get<ProductView>("/api/product/get?id=5&shop_id=1");
    expect(plain).toMatchObject({ name_en: "", subtitle_en: "", description_en: "" });
    const tea = await get<ProductView>("/api/product/get?id=1&shop_id=1");
    expect(tea.name_en).toBe("Alishan Jin Xuan Oolong Tea");
    expect(tea.subtitle_en).not.toBe("");
    expect(tea.description_en).toContain("<p>");
    expect(tea.breadcrumb.map((c) => c.name_en)).toEqual(["Taiwanese Tea", "High Mountain Oolong"]);

    const tree = await get<CategoryNode[]>("/api/category/search?shop_id=1");
    expect(tree.every((c) => c.name_en !== "")).toBe(true);
    expect(tree.flatMap((c) => c.children).some((c) => c.name_en === "")).toBe(true);

    const news = await get<{ list: NewsSummary[] }>("/api/front/new/search?shop_id=1");
    expect(news.list.filter((n) => n.title_en !== "")).toHaveLength(1);
    const second = news.list[1];
    const item = await get<{ title_en: string; content_en: string }>(`/api/front/new/get?id=${second?.id}`);
    expect(item).toMatchObject({ title_en: "", content_en: "" });
  });

  it("a product's English saved in the back office is on its page and every card of it, sanitised like the Chinese", async () => {
    const before = await adminProduct(1);
    const body = productBody(before, {
      name_en: "  Alishan Oolong  ",
      subtitle_en: "Hand-picked at 1,200 m",
      description_en: '<p onclick="steal()">Fresh<script>alert(1)</script> tea</p><a href="javascript:alert(1)">x</a>',
    });
    const saved = await t.call<AdminProduct>("PUT", "/api/admin/products/1", { ...as("operator"), body });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name_en: "Alishan Oolong",
      subtitle_en: "Hand-picked at 1,200 m",
      description_en: "<p>Fresh tea</p><a>x</a>",
    });
    expect(await adminProduct(1)).toMatchObject({ name_en: "Alishan Oolong", description_en: "<p>Fresh tea</p><a>x</a>" });

    // The audit entry has the English beside the other fields.
    const audit = await t.call<{ items: Array<{ action: string; before: AdminProduct; after: AdminProduct }> }>(
      "GET",
      "/api/admin/audit?entity=product&entity_id=1",
      as("owner"),
    );
    const entry = audit.body.data.items.find((a) => a.action === "product.update");
    expect(entry?.before.name_en).toBe("Alishan Jin Xuan Oolong Tea");
    expect(entry?.after.name_en).toBe("Alishan Oolong");

    const page = await get<ProductView>("/api/product/get?id=1&shop_id=1");
    expect(page).toMatchObject({
      name_en: "Alishan Oolong",
      subtitle_en: "Hand-picked at 1,200 m",
      description_en: "<p>Fresh tea</p><a>x</a>",
    });

    const card = (list: ProductCard[]) => list.find((c) => c.id === 1);
    // The category listing (and the product page's 你可能也喜歡), search, suggestions, home shelves.
    const listing = await get<CategoryPage>(`/api/category/find?id=${before.category_id}&shop_id=1&per_page=100`);
    expect(listing.list.map((c) => c.name_en)).toEqual(
      expect.arrayContaining(["Alishan Oolong", "Lishan High Mountain Oolong Tea", "Dayuling Snow Oolong Tea"]),
    );
    const all = await get<SearchPage>("/api/product/search?shop_id=1&per_page=100&sort=price_asc");
    expect(card(all.list)?.name_en).toBe("Alishan Oolong");
    expect(all.list.filter((c) => c.name_en === "").length).toBeGreaterThan(0);
    const found = await get<SearchPage>(`/api/product/search?shop_id=1&keyword=${encodeURIComponent("金萱")}`);
    expect(card(found.list)?.name_en).toBe("Alishan Oolong");
    const suggested = await get<Suggestion[]>(`/api/product/search/fast?limit=8&keyword=${encodeURIComponent("金萱")}`);
    expect(suggested.find((s) => s.id === 1)?.name_en).toBe("Alishan Oolong");
    // The demo tags product 1 推薦, 2 新品 and 3 熱銷; the tea sub-mall (shop 2) sells them from its kept shelf.
    for (const shopId of [1, 2]) {
      const recommended = await get<ProductCard[]>(`/api/front/recommen/search?shop_id=${shopId}`);
      expect(card(recommended)?.name_en, `shop ${shopId}`).toBe("Alishan Oolong");
      const hot = await get<ProductCard[]>(`/api/front/hot/search?shop_id=${shopId}`);
      expect(hot.find((c) => c.id === 3)?.name_en, `shop ${shopId}`).toBe("Shanlinxi Light Roast Oolong Tea");
      const sections = await get<Array<{ title: string; title_en: string; products: ProductCard[] }>>(
        `/api/front/home/search?shop_id=${shopId}`,
      );
      const fresh = sections.find((s) => s.title === "新品上市");
      expect(fresh?.title_en).toBe("New arrivals");
      expect(fresh?.products.find((p) => p.id === 2)?.name_en, `shop ${shopId}`).toBe("Lishan High Mountain Oolong Tea");
      const tea = sections.find((s) => s.title === "台灣好茶");
      expect(tea?.title_en).toBe("Taiwanese Tea");
      expect(tea?.products.every((p) => typeof p.name_en === "string")).toBe(true);
    }

    // Emptied again (an emptied editor sends an empty paragraph): the storefront is told there is none.
    const cleared = await t.call<AdminProduct>("PUT", "/api/admin/products/1", {
      ...as("operator"),
      body: productBody(before, { name_en: " ", subtitle_en: "", description_en: "<p></p>" }),
    });
    expect(cleared.status).toBe(200);
    expect(await get<ProductView>("/api/product/get?id=1&shop_id=1")).toMatchObject({
      name_en: "",
      subtitle_en: "",
      description_en: "",
    });
  });

  it("a category's English name is in the tree, the home categories, listings and breadcrumbs", async () => {
    const product = await adminProduct(1);
    const child = await adminCategory(product.category_id);
    const saved = await t.call<AdminCategory>("PUT", `/api/admin/categories/${child.id}`, {
      ...as("operator"),
      body: {
        name: child.name,
        name_en: "Oolong from the High Mountains",
        parent_id: child.parent_id,
        image: child.image,
        sort: child.sort,
        show_on_home: child.show_on_home,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.name_en).toBe("Oolong from the High Mountains");
    const top = await adminCategory(child.parent_id ?? 0);
    expect(top.name_en).toBe("Taiwanese Tea");

    const tree = await get<CategoryNode[]>("/api/category/search?shop_id=1");
    const node = tree.find((c) => c.id === top.id);
    expect(node?.name_en).toBe("Taiwanese Tea");
    expect(node?.children.find((c) => c.id === child.id)?.name_en).toBe("Oolong from the High Mountains");
    const home = await get<Array<{ id: number; name_en: string }>>("/api/front/category/search?shop_id=1");
    expect(home.find((c) => c.id === top.id)?.name_en).toBe("Taiwanese Tea");

    const listing = await get<CategoryPage>(`/api/category/find?id=${child.id}&shop_id=1`);
    expect(listing.category.name_en).toBe("Oolong from the High Mountains");
    expect(listing.breadcrumb.map((c) => c.name_en)).toEqual(["Taiwanese Tea", "Oolong from the High Mountains"]);
    expect(listing.children.find((c) => c.id === child.id)?.name_en).toBe("Oolong from the High Mountains");
    const page = await get<ProductView>("/api/product/get?id=1&shop_id=1");
    expect(page.breadcrumb.map((c) => c.name_en)).toEqual(["Taiwanese Tea", "Oolong from the High Mountains"]);
  });

  it("a news item's English title and content are in the list and on its page, sanitised like the Chinese", async () => {
    const made = await t.call<{ id: number; title_en: string; content_en: string }>("POST", "/api/admin/news", {
      ...as("operator"),
      body: {
        title: "茶園開放參觀",
        content: "<p>歡迎參觀</p>",
        title_en: "Our tea garden is open to visitors",
        content_en: '<p onclick="steal()">Welcome<script>alert(1)</script></p>',
        published_at: new Date(t.clock.now.getTime() - 1000).toISOString(),
      },
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ title_en: "Our tea garden is open to visitors", content_en: "<p>Welcome</p>" });
    const list = await get<{ list: NewsSummary[] }>("/api/front/new/search?shop_id=1");
    expect(list.list.find((n) => n.id === made.body.data.id)?.title_en).toBe("Our tea garden is open to visitors");
    const three = await get<NewsSummary[]>("/api/front/new/searchthree?shop_id=1");
    expect(three.find((n) => n.id === made.body.data.id)?.title_en).toBe("Our tea garden is open to visitors");
    const item = await get<{ title_en: string; content_en: string }>(`/api/front/new/get?id=${made.body.data.id}`);
    expect(item).toMatchObject({ title_en: "Our tea garden is open to visitors", content_en: "<p>Welcome</p>" });

    // An editor emptied of its English (an empty paragraph, a line break) is no English.
    const edited = await t.call<{ content_en: string }>("PUT", `/api/admin/news/${made.body.data.id}`, {
      ...as("operator"),
      body: {
        title: "茶園開放參觀",
        content: "<p>歡迎參觀</p>",
        title_en: "Our tea garden is open to visitors",
        content_en: "<p> </p><p><br></p>",
        published_at: new Date(t.clock.now.getTime() - 1000).toISOString(),
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.content_en).toBe("");
    expect((await get<{ content_en: string }>(`/api/front/new/get?id=${made.body.data.id}`)).content_en).toBe("");
  });

  it("refuses English that is too long or not text, with the field's message, and changes nothing", async () => {
    const product = await adminProduct(2);
    const longName = await t.call<{ errors: Array<{ field: string; message: string }> }>("PUT", "/api/admin/products/2", {
      ...as("operator"),
      body: productBody(product, { name_en: "x".repeat(81) }),
    });
    expect(longName.status).toBe(400);
    expect(JSON.stringify(longName.body)).toContain("英文商品名稱最多 80 字");
    const longSubtitle = await t.call("PUT", "/api/admin/products/2", {
      ...as("operator"),
      body: productBody(product, { name_en: "Lishan", subtitle_en: "y".repeat(121) }),
    });
    expect(longSubtitle.status).toBe(400);
    expect(JSON.stringify(longSubtitle.body)).toContain("英文副標題最多 120 字");
    const longDescription = await t.call("PUT", "/api/admin/products/2", {
      ...as("operator"),
      body: productBody(product, { name_en: "Lishan", description_en: "z".repeat(100_001) }),
    });
    expect(longDescription.status).toBe(400);
    expect(JSON.stringify(longDescription.body)).toContain("英文商品介紹過長");
    const notText = await t.call("PUT", "/api/admin/products/2", {
      ...as("operator"),
      body: productBody(product, { name_en: 42 }),
    });
    expect(notText.status).toBe(400);
    expect(JSON.stringify(notText.body)).toContain("英文商品名稱格式不正確");
    expect(await adminProduct(2)).toEqual(product);
    expect((await get<ProductView>("/api/product/get?id=2&shop_id=1")).name_en).toBe(product.name_en);

    const category = await adminCategory(product.category_id);
    const longCategory = await t.call("PUT", `/api/admin/categories/${category.id}`, {
      ...as("operator"),
      body: {
        name: category.name,
        name_en: "c".repeat(31),
        parent_id: category.parent_id,
        image: category.image,
        sort: category.sort,
        show_on_home: category.show_on_home,
      },
    });
    expect(longCategory.status).toBe(400);
    expect(JSON.stringify(longCategory.body)).toContain("英文分類名稱最多 30 字");
    expect(await adminCategory(category.id)).toEqual(category);

    const news = await get<{ list: NewsSummary[] }>("/api/front/new/search?shop_id=1");
    const count = news.list.length;
    const longTitle = await t.call("POST", "/api/admin/news", {
      ...as("operator"),
      body: { title: "太長的英文標題", title_en: "t".repeat(81), published_at: new Date(t.clock.now.getTime()).toISOString() },
    });
    expect(longTitle.status).toBe(400);
    expect(JSON.stringify(longTitle.body)).toContain("英文標題最多 80 字");
    const longContent = await t.call("POST", "/api/admin/news", {
      ...as("operator"),
      body: {
        title: "太長的英文內容",
        content_en: "c".repeat(200_001),
        published_at: new Date(t.clock.now.getTime()).toISOString(),
      },
    });
    expect(longContent.status).toBe(400);
    expect(JSON.stringify(longContent.body)).toContain("英文內容過長");
    expect((await get<{ list: NewsSummary[] }>("/api/front/new/search?shop_id=1")).list).toHaveLength(count);
  });
});
