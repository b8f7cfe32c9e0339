import type { ProductCard } from "./front.js";

export type StockState = "in_stock" | "low" | "out_of_stock";

export const productSorts = ["newest", "price_asc", "price_desc", "hot"] as const;
export type ProductSort = (typeof productSorts)[number];

export interface Crumb {
  id: number;
  name: string;
}

export interface VariantView {
  id: number;
  sku: string;
  name: string;
  price: number;
  list_price: number;
  stock_state: StockState;
  image: string;
}

export interface ProductView {
  id: number;
  name: string;
  subtitle: string;
  /** Sanitised HTML. */
  description: string;
  image: string;
  images: string[];
  price: number;
  list_price: number;
  point_percent: number;
  tags: string[];
  per_order_limit: number | null;
  in_stock: boolean;
  breadcrumb: Crumb[];
  variants: VariantView[];
}

export interface CategoryPage {
  category: { id: number; name: string; image: string; parent_id: number | null };
  breadcrumb: Crumb[];
  children: Crumb[];
  list: ProductCard[];
  total: number;
  page: number;
  per_page: number;
  sort: ProductSort;
}

export interface SearchPage {
  keyword: string;
  list: ProductCard[];
  total: number;
  page: number;
  per_page: number;
  sort: ProductSort;
}

export interface Suggestion {
  id: number;
  name: string;
  image: string;
  price: number;
}

export interface PointPercent {
  point_percent: number;
  points_for_price: number;
}

export interface Promotion {
  id: number;
  title: string;
  kind: "amount_off" | "percent_off" | "bundle_price";
  rule_text: string;
  summary: string;
  image: string;
  starts_at: string;
  ends_at: string;
}

export interface PromotionDetail extends Promotion {
  description: string;
  products: ProductCard[];
}

export interface ShipMethodView {
  code: string;
  name: string;
  fee: number;
  free_threshold: number | null;
}

export interface QuickOrderEntry {
  product_id: number;
  variant_id: number;
  title: string;
  image: string;
  price: number;
}

export interface PromoImage {
  title: string;
  image: string;
  image_mobile: string;
  link: string;
}

export interface HomeVideo {
  type: "youtube" | "file";
  src: string;
  poster: string;
  title: string;
}

export interface DealerCard {
  id: number;
  name: string;
  county: string;
  district: string;
  address: string;
  phone: string;
  image: string;
}
export interface DealerListItem extends DealerCard {
  intro: string;
  outlet_count: number;
  product_count: number;
}
export interface DealerSearchPage {
  list: DealerListItem[];
  total: number;
  page: number;
  per_page: number;
  /** Counties that have dealers, for the filter. */
  counties: Array<{ county: string; count: number }>;
}
export interface DealerOutletView {
  id: number;
  name: string;
  county: string;
  district: string;
  address: string;
  phone: string;
  hours: string;
}
export interface DealerOutletPage {
  dealer: DealerCard;
  list: DealerOutletView[];
  total: number;
  page: number;
  per_page: number;
}
export interface DealerDetail extends DealerListItem {
  outlets: DealerOutletView[];
  products: ProductCard[];
}
