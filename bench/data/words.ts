// The words the scale data is made of: 20 top categories with their goods, places, makers' words,
// packs, and people's names. Product names are built here (a sixtieth as many as products) with
// their search columns computed by the shop's own catalogue code, so search meets real tokens.
import { nameReading } from "../../apps/server/src/modules/catalogue/readings.js";
import { documentTokens, normalize } from "../../apps/server/src/modules/catalogue/search.js";

export const TOPS: Array<[name: string, goods: string[]]> = [
  ["茶葉", ["烏龍茶", "金萱茶", "紅茶", "綠茶", "包種茶", "東方美人茶", "鐵觀音", "普洱茶"]],
  ["咖啡", ["咖啡豆", "耳掛咖啡", "冷萃咖啡", "濾掛咖啡", "咖啡粉"]],
  ["零食", ["牛軋糖", "鳳梨酥", "蛋捲", "米餅", "洋芋片", "肉乾"]],
  ["保健", ["蜂膠", "益生菌", "魚油", "葉黃素", "膠原蛋白", "維他命"]],
  ["美妝", ["面膜", "精華液", "乳液", "防曬乳", "洗面乳"]],
  ["生鮮", ["牛排", "鮭魚", "雞胸肉", "蝦仁", "水餃"]],
  ["寢具", ["枕頭", "床包", "涼被", "毛毯"]],
  ["廚房", ["鑄鐵鍋", "砧板", "保鮮盒", "不沾鍋"]],
  ["3C配件", ["行動電源", "充電線", "藍牙耳機", "手機殼"]],
  ["文具", ["筆記本", "鋼筆", "便利貼", "手帳"]],
  ["母嬰", ["尿布", "奶瓶", "濕紙巾", "嬰兒服"]],
  ["寵物", ["貓砂", "狗飼料", "貓罐頭", "寵物零食"]],
  ["運動", ["瑜珈墊", "啞鈴", "運動水壺", "跳繩"]],
  ["服飾", ["上衣", "外套", "襯衫", "長褲"]],
  ["鞋包", ["帆布鞋", "後背包", "托特包", "皮夾"]],
  ["家電", ["電鍋", "吹風機", "除濕機", "電風扇"]],
  ["清潔", ["洗衣精", "洗碗精", "抹布", "除霉劑"]],
  ["酒類", ["高粱酒", "梅酒", "精釀啤酒", "紅酒"]],
  ["伴手禮", ["太陽餅", "麻糬", "綠豆椪", "芋頭酥"]],
  ["米麵", ["白米", "麵線", "拉麵", "米粉"]],
];
export const CHILD_WORDS = ["經典", "禮盒", "限定", "新品", "特價", "日常", "進口", "有機", "在地", "季節"];
const ORIGINS = [
  "阿里山",
  "梨山",
  "凍頂",
  "日月潭",
  "花蓮",
  "台東",
  "屏東",
  "宜蘭",
  "南投",
  "嘉義",
  "台南",
  "高雄",
  "新竹",
  "苗栗",
  "彰化",
  "雲林",
  "澎湖",
  "金門",
  "馬祖",
  "北海道",
  "京都",
  "沖繩",
  "韓國",
  "泰國",
  "義大利",
  "法國",
  "德國",
  "美國",
  "紐西蘭",
  "澳洲",
];
const MAKERS = [
  "手工",
  "有機",
  "經典",
  "特級",
  "冷壓",
  "低溫烘焙",
  "無添加",
  "限量",
  "職人",
  "日常",
  "頂級",
  "家庭號",
  "輕巧",
  "天然",
  "古法",
  "嚴選",
  "小農",
  "旗艦",
  "新鮮",
  "綜合",
];
const PACKS = ["", " 150g", " 300g×2", " 禮盒", " 6入", " 12入", " 家庭組", " 旅行組"];
export const SURNAMES = [
  "陳",
  "林",
  "黃",
  "張",
  "李",
  "王",
  "吳",
  "劉",
  "蔡",
  "楊",
  "許",
  "鄭",
  "謝",
  "郭",
  "洪",
  "曾",
  "邱",
  "廖",
  "賴",
  "周",
];
export const GIVEN = [
  "志明",
  "怡君",
  "美玲",
  "淑芬",
  "雅婷",
  "家豪",
  "俊傑",
  "宗翰",
  "怡婷",
  "佳穎",
  "志豪",
  "建宏",
  "欣怡",
  "冠宇",
  "承恩",
  "詩涵",
  "怡如",
  "志偉",
  "美惠",
  "雅惠",
  "俊宏",
  "家瑋",
  "思妤",
  "柏翰",
  "子晴",
  "品妍",
  "宇軒",
  "心怡",
  "惠君",
  "明哲",
];
const TAG_LABELS: Record<string, string> = { hot: "熱銷", recommended: "推薦", new: "新品" };
/** A product's tags by bit: 1 熱銷, 2 推薦, 4 新品 (in this order in the array, as the shop writes them). */
export const tagsOf = (mask: number) => ["hot", "recommended", "new"].filter((_, bit) => mask & (1 << bit));

/** A small deterministic generator: the same data at every run. */
export function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}

export interface NameRow {
  k: number;
  name: string;
  subtitle: string;
  text: string;
  tokens: string[];
  reading: string;
}

/** `perTop` names for each top category, numbered top by top (k = top × perTop + i). */
export async function productNames(perTop: number): Promise<NameRow[]> {
  const pick = random(51);
  const rows: NameRow[] = [];
  for (const [top, [, goods]] of TOPS.entries()) {
    for (let i = 0; i < perTop; i++) {
      const origin = ORIGINS[pick(ORIGINS.length)] ?? "";
      const maker = MAKERS[pick(MAKERS.length)] ?? "";
      const name = `${origin}${maker}${goods[pick(goods.length)]}${PACKS[pick(PACKS.length)]}`;
      const subtitle = `${origin}產地直送・${MAKERS[pick(MAKERS.length)]}系列`;
      const text = normalize(`${name} ${subtitle}`);
      const reading = await nameReading(normalize(name));
      rows.push({
        k: top * perTop + i,
        name,
        subtitle,
        text,
        tokens: [...documentTokens(text), ...reading.tokens],
        reading: reading.reading,
      });
    }
  }
  return rows;
}

/** What a product's tags and categories add to its search text (catalogue/search-index.ts's order). */
export function suffix(mask: number, category: string, parent: string) {
  const text = normalize([...tagsOf(mask).map((t) => TAG_LABELS[t]), category, parent].join(" "));
  return { text, tokens: documentTokens(text) };
}
