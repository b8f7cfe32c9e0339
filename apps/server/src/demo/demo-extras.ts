import { PARCEL_SIZES, type ShipRates } from "@shop/contract/shipping";

/** Demo dealers, promotions and ship methods. */
const HOURS = "每日 10:00–21:00";
const WEEKDAYS = "週一至週六 09:00–18:00";

/** Dealers in several counties, each with outlets and the catalogue products they carry. */
export const DEMO_DEALERS = [
  {
    name: "茶山好物 台北旗艦店",
    county: "臺北市",
    district: "大安區",
    address: "臺北市大安區忠孝東路四段 100 號",
    phone: "02-2711-0001",
    featured: true,
    intro: "品牌旗艦門市，提供試飲與茶藝課程。",
    outlets: [
      {
        name: "忠孝旗艦店",
        county: "臺北市",
        district: "大安區",
        address: "臺北市大安區忠孝東路四段 100 號",
        phone: "02-2711-0001",
        hours: HOURS,
      },
      {
        name: "信義門市",
        county: "臺北市",
        district: "信義區",
        address: "臺北市信義區松仁路 58 號",
        phone: "02-2722-0011",
        hours: HOURS,
      },
      {
        name: "板橋門市",
        county: "新北市",
        district: "板橋區",
        address: "新北市板橋區文化路一段 188 號",
        phone: "02-2960-0012",
        hours: HOURS,
      },
    ],
    productIds: [1, 2, 3, 4, 5, 6, 7, 8, 53, 57],
  },
  {
    name: "竹北茶坊",
    county: "新竹縣",
    district: "竹北市",
    address: "新竹縣竹北市光明六路 50 號",
    phone: "03-555-0002",
    featured: true,
    intro: "新竹地區經銷，東方美人專賣。",
    outlets: [
      {
        name: "竹北本店",
        county: "新竹縣",
        district: "竹北市",
        address: "新竹縣竹北市光明六路 50 號",
        phone: "03-555-0002",
        hours: WEEKDAYS,
      },
      {
        name: "北埔老街門市",
        county: "新竹縣",
        district: "北埔鄉",
        address: "新竹縣北埔鄉北埔街 12 號",
        phone: "03-580-0021",
        hours: HOURS,
      },
    ],
    productIds: [5, 6, 7, 45, 46],
  },
  {
    name: "台中好茶行",
    county: "臺中市",
    district: "西區",
    address: "臺中市西區公益路 200 號",
    phone: "04-2322-0003",
    featured: true,
    intro: "中部經銷，茶點與禮盒齊全。",
    outlets: [
      {
        name: "公益路門市",
        county: "臺中市",
        district: "西區",
        address: "臺中市西區公益路 200 號",
        phone: "04-2322-0003",
        hours: HOURS,
      },
      {
        name: "逢甲門市",
        county: "臺中市",
        district: "西屯區",
        address: "臺中市西屯區文華路 100 號",
        phone: "04-2451-0031",
        hours: HOURS,
      },
    ],
    productIds: [3, 4, 17, 18, 19, 54, 55, 56],
  },
  {
    name: "府城茶舖",
    county: "臺南市",
    district: "中西區",
    address: "臺南市中西區民族路二段 88 號",
    phone: "06-222-0004",
    featured: true,
    intro: "台南老店，代客包裝伴手禮。",
    outlets: [
      {
        name: "民族路本舖",
        county: "臺南市",
        district: "中西區",
        address: "臺南市中西區民族路二段 88 號",
        phone: "06-222-0004",
        hours: WEEKDAYS,
      },
    ],
    productIds: [9, 10, 11, 12, 53, 58],
  },
  {
    name: "花蓮山海茶屋",
    county: "花蓮縣",
    district: "花蓮市",
    address: "花蓮縣花蓮市中山路 66 號",
    phone: "03-833-0005",
    featured: false,
    intro: "東部經銷據點。",
    outlets: [
      {
        name: "中山路門市",
        county: "花蓮縣",
        district: "花蓮市",
        address: "花蓮縣花蓮市中山路 66 號",
        phone: "03-833-0005",
        hours: HOURS,
      },
    ],
    productIds: [13, 14, 15, 16],
  },
  {
    name: "高雄港都茶莊",
    county: "高雄市",
    district: "苓雅區",
    address: "高雄市苓雅區四維三路 20 號",
    phone: "07-333-0006",
    featured: false,
    intro: "南部最大經銷，企業禮盒團購服務。",
    outlets: [
      {
        name: "四維門市",
        county: "高雄市",
        district: "苓雅區",
        address: "高雄市苓雅區四維三路 20 號",
        phone: "07-333-0006",
        hours: HOURS,
      },
      {
        name: "左營門市",
        county: "高雄市",
        district: "左營區",
        address: "高雄市左營區博愛二路 300 號",
        phone: "07-556-0061",
        hours: HOURS,
      },
      {
        name: "鳳山門市",
        county: "高雄市",
        district: "鳳山區",
        address: "高雄市鳳山區光遠路 150 號",
        phone: "07-740-0062",
        hours: WEEKDAYS,
      },
    ],
    productIds: [1, 2, 53, 54, 55, 56, 57, 58, 59, 60],
  },
  {
    name: "宜蘭蘭陽茶鋪",
    county: "宜蘭縣",
    district: "羅東鎮",
    address: "宜蘭縣羅東鎮中正北路 30 號",
    phone: "03-954-0007",
    featured: false,
    intro: "在地小農好食與茶葉一站購足。",
    outlets: [
      {
        name: "羅東門市",
        county: "宜蘭縣",
        district: "羅東鎮",
        address: "宜蘭縣羅東鎮中正北路 30 號",
        phone: "03-954-0007",
        hours: HOURS,
      },
    ],
    productIds: [27, 28, 29, 30, 31, 32],
  },
];

export const DEMO_PROMOTIONS = [
  {
    title: "冬季暖心 滿千折百",
    summary: "全館消費滿 NT$1,000 現折 NT$100，可與點數折抵併用。",
    description: "<p>活動期間全館商品消費滿 NT$1,000，結帳時自動折抵 NT$100。</p><p>優惠券與本活動不可併用，以較優惠者計算。</p>",
    rule: { kind: "amount_off" as const, threshold: 1000, value: 100 },
    productIds: [] as number[],
  },
  {
    title: "禮盒季 滿三千享 9 折",
    summary: "單筆消費滿 NT$3,000 享 9 折，企業團購最划算。",
    description: "<p>單筆消費滿 NT$3,000，商品金額享 9 折優惠（運費不在折扣範圍）。</p>",
    rule: { kind: "percent_off" as const, threshold: 3000, value: 10 },
    productIds: [] as number[],
  },
  {
    title: "茶點任選 3 件 NT$599",
    summary: "指定茶點零嘴任選 3 件只要 NT$599。",
    description: "<p>指定鳳梨酥、牛軋糖與堅果果乾商品，任選 3 件 NT$599，可重複累計。</p>",
    rule: { kind: "bundle_price" as const, threshold: 0, value: 0, bundleQty: 3, bundlePrice: 599 },
    productIds: [17, 18, 19, 21, 22, 25, 26],
  },
];

/**
 * Fee tables as the carriers' 2026 price lists have them (decision 89): 黑貓 by size, 低溫 +90,
 * 離島 +150 (its cold chain reaches 澎湖 and 金門 only), free from NT$1,500 except to 離島; 郵局 常溫
 * only, the same price to 離島; store pick-up 常溫, one size up to 5 kg, stores on 澎湖 / 金門 / 馬祖 too.
 * 新竹物流 keeps one flat fee (no table: every parcel, anywhere).
 */
const sizes = (fees: [number, number, number, number]): ShipRates["size_fees"] =>
  PARCEL_SIZES.map((size, i) => ({ size, fee: fees[i] ?? 0 }));
const TCAT_RATES: ShipRates = {
  size_fees: sizes([130, 170, 210, 250]),
  max_weight_g: 20_000,
  temperatures: ["normal", "chilled", "frozen"],
  chilled_surcharge: 90,
  outlying: true,
  outlying_surcharge: 150,
  free_excludes_outlying: true,
};
const POST_RATES: ShipRates = {
  size_fees: sizes([100, 130, 160, 190]),
  max_weight_g: 20_000,
  temperatures: ["normal"],
  chilled_surcharge: 0,
  outlying: true,
  outlying_surcharge: 0,
  free_excludes_outlying: false,
};
const STORE_RATES: ShipRates = {
  size_fees: [],
  max_weight_g: 5_000,
  temperatures: ["normal"],
  chilled_surcharge: 0,
  outlying: true,
  outlying_surcharge: 0,
  free_excludes_outlying: false,
};
export const DEMO_SHIP_METHODS = [
  { code: "hct" as const, name: "新竹物流宅配", fee: 120, freeThreshold: 1500, rates: null },
  { code: "cvs_711" as const, name: "7-ELEVEN 超商取貨", fee: 65, freeThreshold: 999, rates: STORE_RATES },
  { code: "cvs_family" as const, name: "全家超商取貨", fee: 65, freeThreshold: 999, rates: STORE_RATES },
  { code: "cvs_hilife" as const, name: "萊爾富超商取貨", fee: 65, freeThreshold: 999, rates: STORE_RATES },
  { code: "cvs_ok" as const, name: "OK 超商取貨", fee: 65, freeThreshold: 999, rates: STORE_RATES },
  { code: "depot" as const, name: "雲端庫存（暫不出貨）", fee: 0, freeThreshold: 0, rates: null },
  { code: "tcat" as const, name: "黑貓宅急便", fee: 130, freeThreshold: 1500, rates: TCAT_RATES },
  { code: "post" as const, name: "中華郵政宅配", fee: 100, freeThreshold: 1500, rates: POST_RATES },
];

/** The demo's one chilled product (冷藏: 黑貓 only), and packed sizes (L+W+H cm, g) by top category. */
export const DEMO_CHILLED = ["端午茶粽禮盒"];
export const DEMO_PACKED: Record<string, { sizeCm: number; weightG: number }> = {
  茶具器皿: { sizeCm: 45, weightG: 900 },
  禮盒專區: { sizeCm: 55, weightG: 1500 },
};
