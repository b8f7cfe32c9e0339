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

/** A provider offered on this shop's sign-in page. */
export interface SignInProviderView {
  provider: SignInProvider;
  label: string;
  /** The local simulator stands in for the provider (測試模式). */
  simulated: boolean;
  client_id: string;
}
export interface SignInOptions {
  providers: SignInProviderView[];
  /** LIFF app id, when LINE is offered. */
  liff_id: string | null;
  /** Google's button script (the simulator's double in 測試模式). */
  google_script: string | null;
}
export interface ThreeWayStart {
  state: string;
  nonce: string;
  /** Where to send the browser (LINE, Facebook); null for Google's button. */
  authorize_url: string | null;
}
/** A known identity signs in; an unknown one gets a bind ticket. */
export interface BindTicketView {
  bind_ticket: string;
  provider: SignInProvider;
  label: string;
  name: string;
  email: string | null;
}
