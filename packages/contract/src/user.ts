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
