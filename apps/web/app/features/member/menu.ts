export interface MemberMenuItem {
  to: string;
  label: string;
  sellerOnly?: boolean;
}

export const MEMBER_MENU: MemberMenuItem[] = [
  { to: "/member", label: "會員總覽" },
  { to: "/member/account_overview", label: "帳戶資料" },
  { to: "/member/password", label: "修改密碼" },
  { to: "/member/buy_list", label: "訂單紀錄" },
  { to: "/member/point", label: "我的點數" },
  { to: "/member/month_point", label: "每月點數" },
  { to: "/member/wallet", label: "我的錢包" },
  { to: "/member/coupon", label: "優惠券" },
  { to: "/member/my_ticket", label: "我的刮刮卡" },
  { to: "/member/refer", label: "推薦好友" },
  { to: "/member/refer_list", label: "推薦名單" },
  { to: "/member/share", label: "分享商品" },
  { to: "/member/account_share", label: "分享邀請" },
  { to: "/member/favorite", label: "我的收藏" },
  { to: "/member/i_depot", label: "雲端庫存" },
  { to: "/member/address", label: "收件地址" },
  { to: "/member/notice", label: "通知訊息" },
  { to: "/member/account_binding", label: "帳號綁定" },
  { to: "/member/seller", label: "賣家中心", sellerOnly: true },
];
