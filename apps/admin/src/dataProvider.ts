import type { DataProvider, RaRecord } from "react-admin";
import { adminApi } from "./api";

/** Fields each resource may send: the API's inputs are strict, so anything else is left out. */
const WRITABLE: Record<string, string[]> = {
  products: [
    "category_id",
    "name",
    "subtitle",
    "description",
    "images",
    "status",
    "point_percent",
    "tags",
    "per_order_limit",
    "shop_ids",
    "variants",
  ],
  banners: ["shop_id", "title", "image", "image_mobile", "link", "sort", "starts_at", "ends_at"],
  staff: ["username", "name", "role", "password", "active"],
};
const VARIANT_FIELDS = ["id", "sku", "name", "price", "list_price", "image"];
/** Image fields and whether they hold one picture or a list. */
const IMAGES: Record<string, Record<string, "one" | "many">> = {
  products: { images: "many" },
  banners: { image: "one", image_mobile: "one" },
};
const DATES: Record<string, string[]> = { banners: ["starts_at", "ends_at"] };

type Picture = { src: string; title?: string; rawFile?: File };

/** react-admin's image inputs hold {src, rawFile}; the API holds paths. New files are uploaded first. */
async function toPath(p: Picture | string | null | undefined): Promise<string | null> {
  if (!p) return null;
  if (typeof p === "string") return p;
  if (p.rawFile instanceof File) {
    const form = new FormData();
    form.append("file", p.rawFile);
    return (await adminApi<{ url: string }>("/uploads", { form })).url;
  }
  return p.src;
}
const toPicture = (src: string): Picture => ({ src, title: src.split("/").pop() ?? src });

function fromApi(resource: string, record: RaRecord): RaRecord {
  const out: RaRecord = { ...record };
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
  if (resource === "products" && Array.isArray(out.variants)) {
    out.variants = (out.variants as Array<Record<string, unknown>>).map((v) =>
      Object.fromEntries(Object.entries(v).filter(([k, x]) => VARIANT_FIELDS.includes(k) && x !== undefined && x !== null)),
    );
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
    // Categories come as one short list: the picker's typed text filters it here.
    const typed = resource === "categories" ? String(params.filter?.q ?? "").trim() : "";
    if (typed) {
      const hits = r.items.filter((c) => String(c.full_name).includes(typed));
      return { data: hits as never[], total: hits.length };
    }
    return { data: r.items.map((x) => fromApi(resource, x)) as never[], total: r.total };
  },
  async getOne(resource, params) {
    return {
      data: fromApi(resource, await adminApi<RaRecord>(`/${resource}/${encodeURIComponent(String(params.id))}`)) as never,
    };
  },
  async getMany(resource, params) {
    // Categories are one short list with no single-record endpoint.
    if (resource === "categories") {
      const r = await adminApi<{ items: RaRecord[] }>("/categories");
      const wanted = new Set(params.ids.map(String));
      return { data: r.items.filter((c) => wanted.has(String(c.id))) as never[] };
    }
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
