// Members with referral trees, and two years of orders with their lines, payments and stock
// movements, made inside PostgreSQL. Rows are written in id order, as a shop writes them over time
// (a hash join's order scattered the last fortnight's orders over every page of the table, and the
// dashboard read 30,000 pages for them). Order ids rise with time; old orders are completed, the last
// days' still on their way, 4% cancelled and 2% refunded. The stock ledger balances: each
// variant's initial row is its stock plus every unit its live orders took.
import type pg from "pg";
import type { Base, Plan } from "./catalogue.js";
import { GIVEN, SURNAMES } from "./words.js";

const list = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(", ")}]`;

export async function members(db: pg.Client, plan: Plan, base: Base) {
  // Phones 097xxxxxxx (i·7919 mod 10^7 is one-to-one); 60% were referred by an earlier member.
  await db.query(
    `insert into members (id, phone, name, refcode, upline_id, shop_id, status, created_at, updated_at)
     select $1::int + i, '097' || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0'),
       (${list(SURNAMES)})[1 + pg_temp.h(i, 11) % ${SURNAMES.length}] || (${list(GIVEN)})[1 + pg_temp.h(i, 12) % ${GIVEN.length}],
       'M' || lpad(upper(to_hex(i)), 7, '0'),
       case when i > 1 and pg_temp.h(i, 13) % 10 < 6 then $1::int + 1 + pg_temp.h(i, 14) % (i - 1) end,
       1, 'active', x.at, x.at
     from generate_series(1, $2::int) i
     cross join lateral (select now() - interval '740 days' + (i::float8 / $2::int) * interval '735 days' as at) x`,
    [base.member, plan.members],
  );
}

/** Each order's shape: when, who, which mall, how many lines, its state, how it ships and pays. */
async function orderPlan(db: pg.Client, plan: Plan, base: Base) {
  const spTotal = (await db.query<{ n: string }>("select coalesce(sum(size), 0) as n from bench_shop")).rows[0]?.n ?? "0";
  await db.query(
    `create temp table bench_order as
     select o, $1::int + o as id, x.at, x.age,
       case when pg_temp.h(o, 21) % 100 < 12 then
         (select b.j from bench_shop b where b.cum <= pg_temp.h(o, 22) % $5::bigint order by b.cum desc limit 1) end as shop_j,
       case when pg_temp.h(o, 25) % 10 = 0 then null else $3::int + 1 + pg_temp.h(o, 26) % $4::int end as member_id,
       1 + (pg_temp.h(o, 27) % 3)::int as lines,
       case when pg_temp.h(o, 28) % 100 < 4 then 'cancelled' when pg_temp.h(o, 28) % 100 < 6 and x.age > 10 then 'refunded'
         when x.age > 14 then 'completed' when x.age > 7 then 'delivered' when x.age > 3 then 'shipped'
         when x.age > 1 then 'processing' when pg_temp.h(o, 29) % 10 < 3 then 'pending_payment' else 'paid' end as status,
       (array['hct', 'hct', 'hct', 'hct', 'cvs_711', 'cvs_711', 'cvs_711', 'cvs_family', 'cvs_family', 'post'])[1 + pg_temp.h(o, 30) % 10] as ship,
       (array['card', 'card', 'card', 'card', 'card', 'card', 'card', 'transfer', 'cod', 'line_pay'])[1 + pg_temp.h(o, 31) % 10] as pay
     from generate_series(1, $2::int) o
     cross join lateral (select now() - interval '730 days' + (o::float8 / $2::int) * interval '730 days' as at,
       730 * (1 - o::float8 / $2::int) as age) x`,
    [base.order, plan.orders, base.member, plan.members, spTotal],
  );
  await db.query("create unique index on bench_order (id)");
  await db.query("analyze bench_order");
  // Lines: any product in the main mall; the shop's own selection in a sub-mall.
  await db.query(
    `create temp table bench_line as
     select bo.id as order_id, y.g, k, 1 + (pg_temp.h(bo.o * 4 + l, 32) % 10 = 0)::int as qty, pg_temp.price(y.g) + (k - 1) * 50 as price
     from bench_order bo
     left join bench_shop b on b.j = bo.shop_j
     cross join generate_series(1, bo.lines) l
     cross join lateral (select case when bo.shop_j is null then 1 + pg_temp.h(bo.o * 4 + l, 23) % $1::int
       else 1 + ((b.j::bigint * 104729 + (pg_temp.h(bo.o * 4 + l, 24) % b.size) * 7919) % $1::int) end as g,
       1 + (pg_temp.h(bo.o * 4 + l, 33) % 3)::int as k) y`,
    [plan.products],
  );
}

export async function orders(db: pg.Client, plan: Plan, base: Base) {
  await orderPlan(db, plan, base);
  await db.query(
    `insert into orders (id, order_no, shop_id, member_id, status, ship_method, payment_method, receiver_name, receiver_phone,
       address, cvs_store, invoice, goods_amount, discounts, discount_total, shipping_fee, order_amount, points_used,
       wallet_used, payable, pay_by, paid_at, tracking_no, carrier, delivered_at, completed_at, created_at, updated_at)
     select bo.id, to_char(bo.at at time zone 'Asia/Taipei', 'YYYYMMDD') || lpad((bo.o % 1000000)::text, 6, '0'),
       coalesce($1::int + bo.shop_j, 1), bo.member_id, bo.status, bo.ship, bo.pay,
       coalesce(m.name, '訪客' || bo.o % 1000), coalesce(m.phone, '0912' || lpad((bo.o % 1000000)::text, 6, '0')),
       case when bo.ship in ('hct', 'post') then jsonb_build_object('zip', '100', 'county', '臺北市', 'district', '中正區',
         'line', '重慶南路一段 ' || (1 + bo.o % 200) || ' 號') end,
       case when bo.ship like 'cvs_%' then jsonb_build_object('type', bo.ship, 'id', lpad((bo.o % 999999)::text, 6, '0'),
         'name', '門市 ' || bo.o % 5000, 'address', '臺北市中正區忠孝西路一段 ' || (1 + bo.o % 99) || ' 號') end,
       case when bo.member_id is null then '{"type":"mobile","carrier":"/ABC1234"}'::jsonb else '{"type":"member"}'::jsonb end,
       a.goods, '[]'::jsonb, 0, f.fee, a.goods + f.fee, 0, 0, a.goods + f.fee,
       case when bo.status = 'pending_payment' then bo.at + interval '3 days' end,
       case when bo.status not in ('pending_payment', 'cancelled') then bo.at + interval '5 minutes' end,
       case when bo.status in ('shipped', 'delivered', 'completed', 'refunded') then 'T' || lpad(bo.o::text, 10, '0') end,
       case when bo.status in ('shipped', 'delivered', 'completed', 'refunded') then bo.ship end,
       case when bo.status in ('delivered', 'completed', 'refunded') then bo.at + interval '3 days' end,
       case when bo.status in ('completed', 'refunded') then bo.at + interval '10 days' end,
       bo.at, bo.at + interval '5 minutes'
     from bench_order bo
     join (select order_id, sum(price * qty)::int as goods from bench_line group by order_id) a on a.order_id = bo.id
     cross join lateral (select case when a.goods >= 1000 then 0 when bo.ship like 'cvs_%' then 60 else 100 end as fee) f
     left join members m on m.id = bo.member_id
     order by bo.id`,
    [base.shop],
  );
  await db.query(
    `insert into order_lines (order_id, variant_id, product_id, name, variant_name, image, price, qty, point_percent, refunded_qty)
     select bl.order_id, $1::int + (bl.g - 1) * 3 + bl.k, $2::int + bl.g, p.name, (array['單入', '兩入組', '禮盒裝'])[bl.k],
       p.image, bl.price, bl.qty, 1, case when bo.status = 'refunded' then bl.qty else 0 end
     from bench_line bl join bench_order bo on bo.id = bl.order_id join products p on p.id = $2::int + bl.g
     order by bl.order_id`,
    [base.variant, base.product],
  );
  await db.query(
    `insert into payments (order_id, method, provider, amount, status, provider_ref, refunded, refund_settled, created_at, updated_at)
     select o.id, o.payment_method, case when o.payment_method in ('card', 'line_pay') then 'tappay-simulator' else o.payment_method end,
       o.payable, case o.status when 'pending_payment' then 'pending' when 'cancelled' then 'failed' when 'refunded' then 'refunded' else 'paid' end,
       case when o.status not in ('pending_payment', 'cancelled') then 'BENCH' || o.id end,
       case when o.status = 'refunded' then o.payable else 0 end, case when o.status = 'refunded' then o.payable else 0 end,
       o.created_at, o.updated_at
     from orders o where o.id > $1::int order by o.id`,
    [base.order],
  );
}

/** The stock ledger: initial rows that make each variant's stock, then each order's take and give-back. */
export async function stockLedger(db: pg.Client, base: Base) {
  await db.query(
    `insert into stock_movements (variant_id, delta, reason, ref, created_at)
     select v.id, v.stock + coalesce(t.taken, 0), 'initial', '', p.created_at
     from variants v join products p on p.id = v.product_id
     left join (select l.variant_id, sum(l.qty)::int as taken from order_lines l join orders o on o.id = l.order_id
       where o.id > $2::int and o.status <> 'cancelled' group by l.variant_id) t on t.variant_id = v.id
     where v.id > $1::int order by v.id`,
    [base.variant, base.order],
  );
  await db.query(
    `insert into stock_movements (variant_id, delta, reason, ref, created_at)
     select l.variant_id, d.delta, d.reason, 'order:' || o.order_no, o.created_at + d.later
     from order_lines l join orders o on o.id = l.order_id
     cross join lateral (values (-l.qty, 'reserve', interval '0'), (l.qty, 'release', interval '1 day')) d(delta, reason, later)
     where o.id > $1::int and (d.reason = 'reserve' or o.status = 'cancelled')
     order by o.id, d.reason desc`,
    [base.order],
  );
}
