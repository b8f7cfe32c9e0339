import type { PublicUser } from "@shop/contract/front-user";
import { useOutletContext } from "react-router";

export interface MemberContext {
  user: PublicUser;
  setUser(user: PublicUser): void;
}

/** The signed-in member, provided by the member guard to every member page. */
export function useMember(): MemberContext {
  return useOutletContext<MemberContext>();
}
