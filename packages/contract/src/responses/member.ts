import { z } from "../zod.js";

/** Shapes of the member's own account: profile, address book, sharing, favourites, sign-in bindings. */
const int = z.number().int();

/** The member as the API shows them to themselves. */
export const publicUser = z.object({
  id: int,
  phone: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  nickname: z.string().nullable(),
  refcode: z.string(),
  shop_id: int,
  is_seller: z.boolean(),
  created_at: z.string(),
  /** YYYY-MM-DD, set once by the member (decision 95); null until then. */
  birthday: z.string().nullable(),
});

/** user/freshRefcode: the member's new referral code (the old one stops working at once). */
export const freshRefcode = z.object({ refcode: z.string() });

/** user/shareProduct: the product's page in the member's shop with their referral code, and LINE's share page for it. */
export const shareLinks = z.object({
  url: z.string(),
  line_share_url: z.string(),
});

/** One entry of the member's address book. */
export const addressBookEntry = z.object({
  id: int,
  name: z.string(),
  phone: z.string(),
  zip: z.string(),
  county: z.string(),
  district: z.string(),
  line: z.string(),
});

/** reference/postal: Taiwan's counties in the post office's order, and every district with its 3-digit code. */
export const postalReference = z.object({
  counties: z.array(z.string()).readonly(),
  districts: z.array(z.object({ zip: z.string(), county: z.string(), district: z.string() })).readonly(),
});

/** user/like/store and user/like/delete: whether the product is now in the member's favourites. */
export const likeState = z.object({ liked: z.boolean() });

export const signInProvider = z.enum(["line", "google", "facebook"]);

/** One row of /member/account_binding (threeway/get). */
export const bindingView = z.object({
  provider: signInProvider,
  label: z.string(),
  bound: z.boolean(),
  bound_at: z.string().nullable(),
  /** False while the provider is not configured for this shop (its sign-in is hidden). */
  available: z.boolean(),
});
