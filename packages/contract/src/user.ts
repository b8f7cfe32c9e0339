/** The member as the API shows them to themselves. */
export interface PublicUser {
  id: number;
  phone: string;
  email: string | null;
  name: string;
  nickname: string | null;
  refcode: string;
  shop_id: number;
  is_seller: boolean;
  created_at: string;
}

export interface AuthResult {
  token: string;
  user: PublicUser;
}

export type SignInProvider = "google" | "line" | "facebook";
/** One row of /member/account_binding (threeway/get). */
export interface BindingView {
  provider: SignInProvider;
  label: string;
  bound: boolean;
  bound_at: string | null;
  /** False while the provider is not configured for this shop (its sign-in is hidden). */
  available: boolean;
}
