// What declaring response schemas costs per answer (decision 32): the serializer parses each JSON
// answer with its zod schema before JSON.stringify. Measures µs per answer for a product detail and
// a category page of 20 cards, against JSON.stringify alone. `npx tsx bench/serialize.ts`
import { answers, categoryPage, productView } from "@shop/contract/responses";
import { responseSerializer } from "../apps/server/src/plugins/response-serializer.js";

const card = (i: number) => ({
  id: i,
  name: `高山烏龍茶 ${i}`,
  image: `/uploads/p${i}.webp`,
  price: 680,
  list_price: 800,
  tags: ["熱銷"],
  point_percent: 5,
  in_stock: true,
});
const variant = (i: number) => ({
  id: i,
  sku: `SKU-${i}`,
  name: `${i * 75} 克`,
  price: 680,
  list_price: 800,
  stock_state: "in_stock" as const,
  image: "",
});
const product = {
  status: true,
  message: "成功",
  data: {
    ...card(1),
    subtitle: "梨山茶區手採",
    description: "<p>".concat("清香回甘。".repeat(200), "</p>"),
    images: ["/a.webp", "/b.webp", "/c.webp"],
    per_order_limit: null,
    breadcrumb: [{ id: 1, name: "茶葉" }],
    variants: [variant(1), variant(2), variant(3)],
  },
};
const page = {
  status: true,
  message: "成功",
  data: {
    category: { id: 1, name: "茶葉", image: "", parent_id: null },
    breadcrumb: [{ id: 1, name: "茶葉" }],
    children: [],
    list: Array.from({ length: 20 }, (_, i) => card(i)),
    total: 2_000,
    page: 1,
    per_page: 20,
    sort: "newest" as const,
  },
};

function perCall(fn: () => unknown, n = 50_000): number {
  for (let i = 0; i < 5_000; i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  return Number(process.hrtime.bigint() - start) / n / 1000;
}

for (const [name, schema, data] of [
  ["product detail", answers(productView)[200], product],
  ["category page (20 cards)", answers(categoryPage)[200], page],
] as const) {
  const serialize = responseSerializer(false)({ schema, method: "GET", url: "/", httpStatus: "200" } as never) as (
    d: unknown,
  ) => string;
  const plain = perCall(() => JSON.stringify(data));
  const withSchema = perCall(() => serialize(data));
  console.log(
    `${name}: JSON.stringify ${plain.toFixed(1)} µs, schema + stringify ${withSchema.toFixed(1)} µs (+${(withSchema - plain).toFixed(1)} µs)`,
  );
}
