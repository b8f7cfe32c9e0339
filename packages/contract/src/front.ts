/** Shapes of the public storefront content. */
export interface Banner {
  id: number;
  image: string;
  image_mobile: string;
  link: string;
  title: string;
}

export interface TopHref {
  title: string;
  url: string;
  sort: number;
}

export interface ProductCard {
  id: number;
  name: string;
  image: string;
  price: number;
  list_price: number;
  tags: string[];
  point_percent: number;
  in_stock: boolean;
}

export interface HomeSection {
  title: string;
  products: ProductCard[];
}

export interface StaticPageSummary {
  id: number;
  key: string;
  title: string;
}

export interface StaticPage extends StaticPageSummary {
  content: string;
}

export interface NewsSummary {
  id: number;
  title: string;
  summary: string;
  image: string;
  published_at: string;
}

export interface HomeCategory {
  id: number;
  name: string;
  image: string;
}

export interface HomeDesc {
  title: string;
  description: string;
}

export interface ShopInfo {
  id: number;
  name: string;
  logo: string;
  banner: string;
  intro: string;
  status: "open" | "suspended";
}
