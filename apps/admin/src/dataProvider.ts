import type { UploadedImage } from "@shop/contract/admin";
import type { DataProvider, RaRecord } from "react-admin";
import { adminApi } from "./api";

/** Fields each resource may send: the API's inputs are strict, so anything else is left out. */
const WRITABLE: Record<string, string[]> = {
  products: [
    "category_id",
    "name",
    "subtitle",
    "description",
    "name_en",
    "subtitle_en",
    "description_en",
    "images",
    "status",
    "point_percent",
    "tags",
    "per_order_limit",
    "per_member_limit",
    "hold_minutes",
    "temperature",
    "brand",
    "shop_ids",
    "variants",
  ],
  banners: ["shop_id", "title", "image", "image_mobile", "link", "sort", "starts_at", "ends_at"],
  staff: ["username", "name", "role", "password", "active", "reset_totp"],
  categories: ["name", "name_en", "parent_id", "image", "sort", "show_on_home"],
  news: ["shop_id", "title", "summary", "content", "title_en", "content_en", "image", "published_at"],
  pages: ["shop_id", "key", "title", "content"],
  home_blocks: ["home_title", "home_description", "video", "top_links", "single_images", "twice_images", "quick_orders"],
  coupons: [
    "title",
    "kind",
    "value",
    "min_spend",
    "product_ids",
    "category_ids",
    "issue",
    "code",
    "starts_at",
    "ends_at",
    "total_limit",
    "per_member_limit",
    "active",
  ],
  tiers: ["name", "rank", "threshold", "discount_percent", "points_multiplier", "free_shipping_threshold", "active"],
  promotions: [
    "shop_id",
    "title",
    "kind",
    "threshold",
    "value",
    "bundle_qty",
    "bundle_price",
    "summary",
    "description",
    "image",
    "product_ids",
    "starts_at",
    "ends_at",
  ],
  raffles: ["title", "description", "min_order_amount", "cards_per_order", "starts_at", "ends_at", "active", "prizes"],
  exchange_items: ["variant_id", "title", "image", "points", "active"],
  addon_deals: [
    "shop_id",
    "title",
    "variant_id",
    "price",
    "per_order_cap",
    "trigger_product_ids",
    "trigger_amount",
    "active",
    "starts_at",
    "ends_at",
  ],
  gift_rules: ["shop_id", "title", "threshold", "variant_ids", "qty", "active", "starts_at", "ends_at"],
  ship_methods: ["name", "fee", "free_threshold", "enabled", "sort", "rates"],
  message_templates: ["subject", "body"],
  shops: [
    "owner_member_id",
    "name",
    "intro",
    "logo",
    "banner",
    "commission_percent",
    "status",
    "ga4_measurement_id",
    "meta_pixel_id",
    "domain",
  ],
  dealers: [
    "name",
    "county",
    "district",
    "address",
    "phone",
    "image",
    "intro",
    "featured",
    "status",
    "sort",
    "product_ids",
    "outlets",
  ],
};
const VARIANT_FIELDS = [
  "id",
  "sku",
  "name",
  "price",
  "list_price",
  "image",
  "size_cm",
  "weight_g",
  "gtin",
  "preorder_cap",
  "preorder_ship_on",
];
/** Image fields and whether they hold one picture or a list. */
const IMAGES: Record<string, Record<string, "one" | "many">> = {
  products: { images: "many" },
  banners: { image: "one", image_mobile: "one" },
  categories: { image: "one" },
  news: { image: "one" },
  promotions: { image: "one" },
  exchange_items: { image: "one" },
  shops: { logo: "one", banner: "one" },
  dealers: { image: "one" },
};
/** Images inside list fields: list → its items' image fields. */
const NESTED_IMAGES: Record<string, Record<string, string[]>> = {
  home_blocks: { single_images: ["image", "image_mobile"], twice_images: ["image", "image_mobile"], quick_orders: ["image"] },
};
const DATES: Record<string, string[]> = {
  banners: ["starts_at", "ends_at"],
  coupons: ["starts_at", "ends_at"],
  news: ["published_at"],
  promotions: ["starts_at", "ends_at"],
  raffles: ["starts_at", "ends_at"],
  addon_deals: ["starts_at", "ends_at"],
  gift_rules: ["starts_at", "ends_at"],
};
/** Optional text fields that are "" when left empty (the brand, the English versions of decision 109). */
const EMPTY_AS_BLANK: Record<string, string[]> = {
  products: ["brand", "name_en", "subtitle_en", "description_en"],
  categories: ["name_en"],
  news: ["title_en", "content_en"],
};
const PRIZE_FIELDS = ["id", "title", "kind", "amount", "coupon_id", "coupon_days", "variant_id", "weight", "stock"];

type Picture = { src: string; title?: string; rawFile?: File };

/** react-admin's image inputs hold {src, rawFile}; the API holds paths. New files are uploaded first. */
async function toPath(p: Picture | string | null | undefined): Promise<string | null> {
  if (!p) return null;
  if (typeof p === "string") return p;
  if (p.rawFile instanceof File) {
    const form = new FormData();
    form.append("file", p.rawFile);
    return (await adminApi<UploadedImage>("/uploads", { form })).url;
  }
  return p.src;
}
const toPicture = (src: string): Picture => ({ src, title: src.split("/").pop() ?? src });

function fromApi(resource: string, record: RaRecord): RaRecord {
  const out: RaRecord = { ...record };
  for (const [list, fields] of Object.entries(NESTED_IMAGES[resource] ?? {})) {
    out[list] = ((record[list] as Array<Record<string, unknown>> | undefined) ?? []).map((item) => {
      const copy = { ...item };
      for (const f of fields) copy[f] = item[f] ? toPicture(item[f] as string) : null;
      return copy;
    });
  }
  for (const [field, kind] of Object.entries(IMAGES[resource] ?? {})) {
    const v = record[field];
    out[field] = kind === "many" ? ((v as string[] | undefined) ?? []).map(toPicture) : v ? toPicture(v as string) : null;
  }
  return out;
}

async function toApi(resource: string, data: Record<string, unknown>, creating: boolean) {
  const allowed = WRITABLE[resource];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (!allowed || allowed.includes(k)) out[k] = v;
  for (const [field, kind] of Object.entries(IMAGES[resource] ?? {})) {
    const v = out[field];
    if (kind === "many") out[field] = (await Promise.all(((v as Picture[] | undefined) ?? []).map(toPath))).filter(Boolean);
    else out[field] = (await toPath(v as Picture | null)) ?? "";
  }
  for (const field of DATES[resource] ?? []) {
    const v = out[field];
    out[field] = v ? new Date(v as string).toISOString() : null;
  }
  for (const [list, fields] of Object.entries(NESTED_IMAGES[resource] ?? {})) {
    out[list] = await Promise.all(
      ((out[list] as Array<Record<string, unknown>> | undefined) ?? []).map(async (item) => {
        const copy = { ...item };
        for (const f of fields) copy[f] = (await toPath(item[f] as Picture | null)) ?? "";
        return copy;
      }),
    );
  }
  if (resource === "home_blocks") {
    const v = out.video as { type?: string; src?: string; title?: string } | null | undefined;
    out.video = v?.type && v.src ? { type: v.type, src: v.src, title: v.title ?? "", poster: "" } : null;
  }
  if (resource === "raffles" && Array.isArray(out.prizes)) {
    // Empty pickers send "" or null; the API wants null for "none" and leaves out what is unset.
    out.prizes = (out.prizes as Array<Record<string, unknown>>).map((p) =>
      Object.fromEntries(
        Object.entries(p)
          .filter(([k]) => PRIZE_FIELDS.includes(k))
          .map(([k, x]) => [k, x === "" ? null : x])
          .filter(([k, x]) => !(x === null && (k === "id" || k === "amount" || k === "coupon_days"))),
      ),
    );
  }
  // An emptied text field comes as null; these are "" for none.
  for (const field of EMPTY_AS_BLANK[resource] ?? []) if (out[field] === null) out[field] = "";
  if (resource === "products" && Array.isArray(out.variants)) {
    out.variants = (out.variants as Array<Record<string, unknown>>).map((v) =>
      Object.fromEntries(Object.entries(v).filter(([k, x]) => VARIANT_FIELDS.includes(k) && x !== undefined && x !== null)),
    );
  }
  if (resource === "coupons") {
    // Only a shared code has a code; an emptied limit is no limit.
    if (out.issue !== "shared" || !out.code) out.code = null;
    if (out.total_limit === "" || out.total_limit === undefined) out.total_limit = null;
  }
  if (resource === "staff") {
    if (!creating) delete out.username;
    if (!out.password) delete out.password;
  }
  return out;
}

function query(params: Record<string, unknown>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  return q.toString();
}

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const r = await adminApi<{ total: number; items: RaRecord[] }>(
      `/${resource}?${query({ page, per_page: perPage, ...params.filter })}`,
    );
    // Categories come as one short list: the picker's typed text (and "top level only") filter it here.
    if (resource === "categories") {
      const typed = String(params.filter?.q ?? "").trim();
      const hits = r.items.filter(
        (c) => (!typed || String(c.full_name).includes(typed)) && (!params.filter?.top || c.parent_id === null),
      );
      return { data: hits.map((x) => fromApi(resource, x)) as never[], total: hits.length };
    }
    return { data: r.items.map((x) => fromApi(resource, x)) as never[], total: r.total };
  },
  async getOne(resource, params) {
    return {
      data: fromApi(resource, await adminApi<RaRecord>(`/${resource}/${encodeURIComponent(String(params.id))}`)) as never,
    };
  },
  async getMany(resource, params) {
    const data = await Promise.all(params.ids.map((id) => adminApi<RaRecord>(`/${resource}/${encodeURIComponent(String(id))}`)));
    return { data: data.map((x) => fromApi(resource, x)) as never[] };
  },
  async getManyReference(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const r = await adminApi<{ total: number; items: RaRecord[] }>(
      `/${resource}?${query({ page, per_page: perPage, ...params.filter, [params.target]: params.id })}`,
    );
    return { data: r.items as never[], total: r.total };
  },
  async create(resource, params) {
    const body = await toApi(resource, params.data, true);
    return { data: fromApi(resource, await adminApi<RaRecord>(`/${resource}`, { body })) } as never;
  },
  async update(resource, params) {
    const body = await toApi(resource, params.data, false);
    return { data: fromApi(resource, await adminApi<RaRecord>(`/${resource}/${params.id}`, { method: "PUT", body })) } as never;
  },
  async updateMany() {
    throw new Error("不支援批次修改");
  },
  async delete(resource, params) {
    return { data: await adminApi<RaRecord>(`/${resource}/${params.id}`, { method: "DELETE" }) } as never;
  },
  async deleteMany(resource, params) {
    for (const id of params.ids) await adminApi(`/${resource}/${id}`, { method: "DELETE" });
    return { data: params.ids };
  },
};
