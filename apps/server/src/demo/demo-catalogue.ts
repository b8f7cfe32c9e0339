import type { Motif } from "./demo-images.js";

interface DemoVariant {
  name: string;
  /** Price difference from the product's base price, in NT$. */
  delta: number;
}

interface DemoChild {
  name: string;
  /** English name for the English storefront (decision 109); absent: none. */
  nameEn?: string;
  products: string[];
}

/** A branch's English (decision 109): its name, and the origin and storage its products' English text tells. */
interface DemoEnglish {
  name: string;
  origin: string;
  storage: string;
}

export interface DemoParent {
  name: string;
  english: DemoEnglish;
  hue: number;
  motif: Motif;
  basePrice: number;
  pointPercent: number;
  /** Variant sets the products of this branch cycle through. */
  variantSets: DemoVariant[][];
  origin: string;
  storage: string;
  children: DemoChild[];
}

const teaSizes: DemoVariant[][] = [
  [
    { name: "75g 隨手包", delta: 0 },
    { name: "150g 罐裝", delta: 260 },
    { name: "300g 家庭號", delta: 620 },
  ],
  [
    { name: "冷泡茶包 10 入", delta: 0 },
    { name: "冷泡茶包 30 入", delta: 420 },
  ],
  [{ name: "150g 罐裝", delta: 0 }],
];

export const DEMO_CATALOGUE: DemoParent[] = [
  {
    name: "台灣好茶",
    english: {
      name: "Taiwanese Tea",
      origin: "contract tea gardens across Taiwan's tea regions",
      storage: "Once opened, keep sealed in the fridge, away from sunlight and strong smells.",
    },
    hue: 110,
    motif: "leaf",
    basePrice: 380,
    pointPercent: 5,
    variantSets: teaSizes,
    origin: "台灣各茶區契作茶園",
    storage: "開封後請密封冷藏，避免陽光直射與異味。",
    children: [
      {
        name: "高山烏龍",
        nameEn: "High Mountain Oolong",
        products: ["阿里山金萱烏龍", "梨山高冷烏龍", "杉林溪清香烏龍", "大禹嶺雪韻烏龍"],
      },
      { name: "東方美人", nameEn: "Oriental Beauty", products: ["北埔膨風茶", "峨眉東方美人", "坪林白毫烏龍", "貴妃蜜香烏龍"] },
      { name: "紅茶", nameEn: "Black Tea", products: ["日月潭紅玉紅茶", "魚池阿薩姆紅茶", "蜜香紅茶", "台東紅烏龍"] },
      { name: "包種與綠茶", nameEn: "Pouchong & Green Tea", products: ["文山包種茶", "三峽碧螺春", "龍井綠茶", "桂花包種"] },
    ],
  },
  {
    name: "茶點零嘴",
    english: {
      name: "Tea-Time Snacks",
      origin: "a hand-baking workshop in Taichung",
      storage: "Keep at room temperature; once opened, enjoy soon.",
    },
    hue: 30,
    motif: "cake",
    basePrice: 260,
    pointPercent: 3,
    variantSets: [
      [
        { name: "6 入", delta: 0 },
        { name: "12 入", delta: 240 },
      ],
      [{ name: "單盒", delta: 0 }],
    ],
    origin: "台中手工烘焙坊",
    storage: "常溫保存，開封後請儘早食用完畢。",
    children: [
      { name: "鳳梨酥", products: ["土鳳梨酥", "金鑽鳳梨酥", "烏龍茶鳳梨酥", "蛋黃鳳梨酥"] },
      { name: "牛軋糖", products: ["蔓越莓牛軋糖", "抹茶牛軋糖", "紅茶牛軋餅", "花生牛軋糖"] },
      { name: "堅果果乾", products: ["茶香綜合堅果", "芒果乾", "梅子番茄乾", "蜂蜜腰果"] },
    ],
  },
  {
    name: "在地好食",
    english: {
      name: "Local Pantry",
      origin: "small Taiwanese farms and long-standing workshops",
      storage: "See the label; once opened, keep in the fridge.",
    },
    hue: 0,
    motif: "jar",
    basePrice: 220,
    pointPercent: 3,
    variantSets: [
      [
        { name: "單瓶", delta: 0 },
        { name: "三瓶組", delta: 380 },
      ],
      [{ name: "單包", delta: 0 }],
    ],
    origin: "台灣在地小農與老字號工坊",
    storage: "請參考包裝標示，開封後冷藏保存。",
    children: [
      { name: "醬料調味", products: ["花蓮剝皮辣椒", "台南黑豆蔭油", "宜蘭三星蔥醬", "屏東XO干貝醬"] },
      { name: "麵食米食", products: ["關廟日曬麵", "台東池上米", "彰化手工米粉", "金門一條根麵線"] },
      { name: "蜂蜜果醬", products: ["龍眼蜂蜜", "百香果果醬", "洛神花蜜餞", "桂圓紅棗醬"] },
    ],
  },
  {
    name: "茶具器皿",
    english: {
      name: "Teaware",
      origin: "a ceramics studio in Yingge",
      storage: "Fired by hand, so each piece's colour differs a little; do not heat over an open flame.",
    },
    hue: 200,
    motif: "pot",
    basePrice: 680,
    pointPercent: 2,
    variantSets: [
      [
        { name: "米白", delta: 0 },
        { name: "墨黑", delta: 0 },
        { name: "青瓷", delta: 120 },
      ],
      [{ name: "標準款", delta: 0 }],
    ],
    origin: "鶯歌陶瓷工作室",
    storage: "手工燒製，每件色澤略有不同；請勿直火加熱。",
    children: [
      { name: "茶壺", products: ["鶯歌手拉坯茶壺", "朱泥小品壺", "玻璃花茶壺", "鐵壺煮水壺"] },
      { name: "茶杯", products: ["青瓷品茗杯", "柴燒聞香杯組", "雙層玻璃杯", "竹節馬克杯"] },
      { name: "旅行茶具", products: ["隨行快客杯", "旅行茶具組", "冷泡茶瓶", "茶則茶匙組"] },
    ],
  },
  {
    name: "禮盒專區",
    english: {
      name: "Gift Boxes",
      origin: "the Tea Mountain Goods selection",
      storage: "Holds tea and snacks: keep in a cool, dry place.",
    },
    hue: 340,
    motif: "box",
    basePrice: 980,
    pointPercent: 6,
    variantSets: [
      [{ name: "單盒", delta: 0 }],
      [
        { name: "單盒", delta: 0 },
        { name: "五盒團購", delta: 3700 },
      ],
    ],
    origin: "茶山好物選品",
    storage: "內含茶葉與茶點，請置於陰涼乾燥處。",
    children: [
      { name: "節慶禮盒", products: ["春節好運禮盒", "中秋團圓禮盒", "端午茶粽禮盒", "母親節花茶禮盒"] },
      { name: "企業團購", products: ["高山烏龍茶禮盒", "員工福利禮包", "客製茶包禮盒", "尾牙伴手禮"] },
    ],
  },
];

/** Demo products with an English name (decision 109): the first tea shelf, so the English storefront shows some. */
export const DEMO_ENGLISH_NAMES: Record<string, string> = {
  阿里山金萱烏龍: "Alishan Jin Xuan Oolong Tea",
  梨山高冷烏龍: "Lishan High Mountain Oolong Tea",
  杉林溪清香烏龍: "Shanlinxi Light Roast Oolong Tea",
  大禹嶺雪韻烏龍: "Dayuling Snow Oolong Tea",
};
