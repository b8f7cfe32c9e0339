/** Demo dealers, promotions and ship methods. */
export const DEMO_DEALERS = [
  {
    name: "茶山好物 台北旗艦店",
    county: "臺北市",
    district: "大安區",
    address: "臺北市大安區忠孝東路四段 100 號",
    phone: "02-2711-0001",
    featured: true,
    intro: "品牌旗艦門市，提供試飲與茶藝課程。",
  },
  {
    name: "竹北茶坊",
    county: "新竹縣",
    district: "竹北市",
    address: "新竹縣竹北市光明六路 50 號",
    phone: "03-555-0002",
    featured: true,
    intro: "新竹地區經銷，東方美人專賣。",
  },
  {
    name: "台中好茶行",
    county: "臺中市",
    district: "西區",
    address: "臺中市西區公益路 200 號",
    phone: "04-2322-0003",
    featured: true,
    intro: "中部經銷，茶點與禮盒齊全。",
  },
  {
    name: "府城茶舖",
    county: "臺南市",
    district: "中西區",
    address: "臺南市中西區民族路二段 88 號",
    phone: "06-222-0004",
    featured: true,
    intro: "台南老店，代客包裝伴手禮。",
  },
  {
    name: "花蓮山海茶屋",
    county: "花蓮縣",
    district: "花蓮市",
    address: "花蓮縣花蓮市中山路 66 號",
    phone: "03-833-0005",
    featured: false,
    intro: "東部經銷據點。",
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

export const DEMO_SHIP_METHODS = [
  { code: "hct" as const, name: "新竹物流宅配", fee: 120, freeThreshold: 1500 },
  { code: "cvs_711" as const, name: "7-ELEVEN 超商取貨", fee: 65, freeThreshold: 999 },
  { code: "cvs_family" as const, name: "全家超商取貨", fee: 65, freeThreshold: 999 },
  { code: "cvs_hilife" as const, name: "萊爾富超商取貨", fee: 65, freeThreshold: 999 },
  { code: "cvs_ok" as const, name: "OK 超商取貨", fee: 65, freeThreshold: 999 },
  { code: "depot" as const, name: "雲端庫存（暫不出貨）", fee: 0, freeThreshold: 0 },
];
