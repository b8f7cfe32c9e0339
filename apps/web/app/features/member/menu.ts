import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "../../i18n/runtime";

export interface MemberMenuItem {
  to: string;
  /** The label in the page's language: `t(item.message)`. */
  message: MessageDescriptor;
  sellerOnly?: boolean;
}

export interface MemberMenuGroup {
  /** The group's title, in the page's language: `t(group.message)`. */
  message: MessageDescriptor;
  /** An outline icon's path (24×24, stroked), shown beside each entry of the group. */
  icon: string;
  items: MemberMenuItem[];
}

/** The member centre's entries, grouped as the phone's overview shows them (each entry once). */
export const MEMBER_GROUPS: MemberMenuGroup[] = [
  {
    message: msg`訂單與收件`,
    icon: "M6 7h12l-1 13H7L6 7zm3 0a3 3 0 0 1 6 0",
    items: [
      { to: "/member/buy_list", message: msg`訂單紀錄` },
      { to: "/member/i_depot", message: msg`雲端庫存` },
      { to: "/member/address", message: msg`收件地址` },
      { to: "/member/favorite", message: msg`我的收藏` },
    ],
  },
  {
    message: msg`點數與優惠`,
    icon: "M12 3l2.6 5.6 6.1.6-4.6 4.1 1.3 6-5.4-3.1-5.4 3.1 1.3-6L3.3 9.2l6.1-.6L12 3z",
    items: [
      { to: "/member/level", message: msg`會員等級` },
      { to: "/member/point", message: msg`我的點數` },
      { to: "/member/month_point", message: msg`每月點數` },
      { to: "/member/wallet", message: msg`我的錢包` },
      { to: "/member/coupon", message: msg`優惠券` },
      { to: "/member/my_ticket", message: msg`我的刮刮卡` },
    ],
  },
  {
    message: msg`推薦與分享`,
    icon: "M8 12a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 8v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1m16-9v6m3-3h-6",
    items: [
      { to: "/member/refer", message: msg`推薦好友` },
      { to: "/member/refer_list", message: msg`推薦名單` },
      { to: "/member/share", message: msg`分享商品` },
      { to: "/member/account_share", message: msg`分享邀請` },
    ],
  },
  {
    message: msg`帳戶設定`,
    icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0",
    items: [
      { to: "/member/account_overview", message: msg`帳戶資料` },
      { to: "/member/password", message: msg`修改密碼` },
      { to: "/member/account_binding", message: msg`帳號綁定` },
      { to: "/member/notice", message: msg`通知訊息` },
      { to: "/member/privacy", message: msg`個人資料` },
      { to: "/member/seller", message: msg`賣家中心`, sellerOnly: true },
    ],
  },
];

/** The side menu (desktop): the overview first, then every group's entries. */
export const MEMBER_MENU: MemberMenuItem[] = [
  { to: "/member", message: msg`會員總覽` },
  ...MEMBER_GROUPS.flatMap((g) => g.items),
];
