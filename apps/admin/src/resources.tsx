import AccountBalanceWalletIcon from "@mui/icons-material/AccountBalanceWallet";
import AddShoppingCartIcon from "@mui/icons-material/AddShoppingCart";
import ArticleIcon from "@mui/icons-material/Article";
import AssignmentReturnIcon from "@mui/icons-material/AssignmentReturn";
import BadgeIcon from "@mui/icons-material/Badge";
import CasinoIcon from "@mui/icons-material/Casino";
import CategoryIcon from "@mui/icons-material/Category";
import CelebrationIcon from "@mui/icons-material/Celebration";
import ConfirmationNumberIcon from "@mui/icons-material/ConfirmationNumber";
import EditNoteIcon from "@mui/icons-material/EditNote";
import FactCheckIcon from "@mui/icons-material/FactCheck";
import HandshakeIcon from "@mui/icons-material/Handshake";
import HistoryIcon from "@mui/icons-material/History";
import Inventory2Icon from "@mui/icons-material/Inventory2";
import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailRead";
import NewspaperIcon from "@mui/icons-material/Newspaper";
import NotificationsActiveIcon from "@mui/icons-material/NotificationsActive";
import PeopleIcon from "@mui/icons-material/People";
import RateReviewIcon from "@mui/icons-material/RateReview";
import RedeemIcon from "@mui/icons-material/Redeem";
import RequestPageIcon from "@mui/icons-material/RequestPage";
import ShoppingCartIcon from "@mui/icons-material/ShoppingCart";
import StorefrontIcon from "@mui/icons-material/Storefront";
import SupportAgentIcon from "@mui/icons-material/SupportAgent";
import ViewCarouselIcon from "@mui/icons-material/ViewCarousel";
import WarehouseIcon from "@mui/icons-material/Warehouse";
import WorkspacePremiumIcon from "@mui/icons-material/WorkspacePremium";
import { lazy, Suspense } from "react";
import { CustomRoutes, Resource } from "react-admin";
import { Route } from "react-router-dom";
import { TwoStepPage } from "./account";
import { Banner, BannerList, Category, CategoryList, HomeBlocksEdit, News, NewsList, Page, PageList } from "./content";
import { AddonDeal, AddonDealList, GiftRule, GiftRuleList } from "./deals";
import { InquiryList, InquiryShow } from "./inquiries";
import { InvoiceList, InvoiceSettingsPage } from "./invoices";
import { Coupon, CouponList, ExchangeItem, ExchangeItemList, Promotion, PromotionList, Raffle, RaffleList } from "./marketing";
import { MemberRewardsPage } from "./member-rewards";
import { MessageTemplateEdit, MessageTemplateList } from "./message-templates";
import { MailboxList, MessageList } from "./messages";
import { OrderList, OrderShow } from "./orders";
import { PaymentSettingsPage } from "./payment-settings";
import { AuditList, MemberList, MemberShow, SettingsPage, StaffCreate, StaffEdit, StaffList } from "./people";
import { ProductCreate, ProductEdit, ProductList } from "./products";
import { ReturnList } from "./returns";
import { ReviewList } from "./reviews";
import { MySessionsPage } from "./sessions";
import { ShipMethodEdit, ShipMethodList } from "./settings";
import { ShopAnalyticsPage, ShopRequestList } from "./shop-review";
import { Dealer, DealerList, ShopCreate, ShopEdit, ShopList, WithdrawalList } from "./shops";
import { StoreContractPage } from "./store-contract";
import { SystemPage } from "./system";
import { TakeoutList } from "./takeouts";
import { Tier, TierList } from "./tiers";

// The label page carries the barcode library: a chunk of its own, loaded only when a label opens.
const HctLabelPage = lazy(() => import("./hct-label"));

/*
 * The back office's resources and pages, in menu order, for the signed-in staff member's
 * permissions. Plain functions returning elements, not components: react-admin reads its
 * <Resource> and <CustomRoutes> children (through fragments) without rendering them.
 */

type Pages = { edit?: () => React.JSX.Element; create?: () => React.JSX.Element };

/** Edit and create pages only for roles the server would let save them. */
const writableFor = (permissions: string[]) => (permission: string, pages: Pages) =>
  permissions.includes(permission) ? pages : {};

/** Orders, the catalogue and the storefront's content. */
function shopResources(permissions: string[]) {
  const writable = writableFor(permissions);
  return (
    <>
      <Resource
        name="orders"
        icon={ShoppingCartIcon}
        options={{ label: "訂單" }}
        list={OrderList}
        show={OrderShow}
        recordRepresentation="order_no"
      />
      <Resource
        name="products"
        icon={Inventory2Icon}
        options={{ label: "商品" }}
        list={ProductList}
        edit={permissions.includes("catalogue.write") ? ProductEdit : undefined}
        create={permissions.includes("catalogue.write") ? ProductCreate : undefined}
        recordRepresentation="name"
      />
      <Resource name="reviews" icon={RateReviewIcon} options={{ label: "商品評價" }} list={ReviewList} />
      <Resource
        name="categories"
        icon={CategoryIcon}
        options={{ label: "分類" }}
        list={CategoryList}
        {...writable("catalogue.write", Category)}
        recordRepresentation="full_name"
      />
      <Resource
        name="banners"
        icon={ViewCarouselIcon}
        options={{ label: "首頁橫幅" }}
        list={BannerList}
        {...writable("content.write", Banner)}
        recordRepresentation="title"
      />
      <Resource
        name="news"
        icon={NewspaperIcon}
        options={{ label: "最新消息" }}
        list={NewsList}
        {...writable("content.write", News)}
      />
      <Resource
        name="pages"
        icon={ArticleIcon}
        options={{ label: "靜態頁面" }}
        list={PageList}
        {...writable("content.write", Page)}
      />
      <Resource name="home_blocks" edit={HomeBlocksEdit} />
    </>
  );
}

/** Members, their withdrawals and the marketing tools. */
function memberResources(permissions: string[]) {
  const writable = writableFor(permissions);
  return (
    <>
      <Resource
        name="members"
        icon={PeopleIcon}
        options={{ label: "會員" }}
        list={MemberList}
        show={MemberShow}
        recordRepresentation="name"
      />
      <Resource name="withdrawals" icon={AccountBalanceWalletIcon} options={{ label: "提領申請" }} list={WithdrawalList} />
      <Resource
        name="coupons"
        icon={ConfirmationNumberIcon}
        options={{ label: "優惠券" }}
        list={CouponList}
        {...writable("marketing.write", Coupon)}
        recordRepresentation="title"
      />
      <Resource
        name="tiers"
        icon={WorkspacePremiumIcon}
        options={{ label: "會員等級" }}
        list={TierList}
        {...writable("marketing.write", Tier)}
        recordRepresentation="name"
      />
      <Resource
        name="promotions"
        icon={LocalOfferIcon}
        options={{ label: "優惠活動" }}
        list={PromotionList}
        {...writable("marketing.write", Promotion)}
      />
      <Resource
        name="addon_deals"
        icon={AddShoppingCartIcon}
        options={{ label: "加價購" }}
        list={AddonDealList}
        {...writable("marketing.write", AddonDeal)}
      />
      <Resource
        name="gift_rules"
        icon={CelebrationIcon}
        options={{ label: "滿額贈" }}
        list={GiftRuleList}
        {...writable("marketing.write", GiftRule)}
      />
      <Resource
        name="raffles"
        icon={CasinoIcon}
        options={{ label: "抽獎活動" }}
        list={RaffleList}
        {...writable("marketing.write", Raffle)}
      />
      <Resource
        name="exchange_items"
        icon={RedeemIcon}
        options={{ label: "點數兌換商品" }}
        list={ExchangeItemList}
        {...writable("marketing.write", ExchangeItem)}
      />
    </>
  );
}

/** Shops and dealers, settings, staff, after-sales, invoices, inquiries and messages. */
function operationsResources(permissions: string[]) {
  const writable = writableFor(permissions);
  return (
    <>
      <Resource
        name="shops"
        icon={StorefrontIcon}
        options={{ label: "商城與賣家" }}
        list={ShopList}
        {...writable("shops.write", { edit: ShopEdit, create: ShopCreate })}
        recordRepresentation="name"
      />
      <Resource name="shop_requests" icon={FactCheckIcon} options={{ label: "商城變更審核" }} list={ShopRequestList} />
      <Resource
        name="dealers"
        icon={HandshakeIcon}
        options={{ label: "經銷商" }}
        list={DealerList}
        {...writable("shops.write", Dealer)}
      />
      <Resource
        name="ship_methods"
        icon={LocalShippingIcon}
        options={{ label: "運費設定" }}
        list={ShipMethodList}
        {...writable("settings.write", { edit: ShipMethodEdit })}
      />
      {permissions.includes("audit.read") ? (
        <Resource name="audit" icon={HistoryIcon} options={{ label: "操作紀錄" }} list={AuditList} />
      ) : null}
      {permissions.includes("staff.manage") ? (
        <Resource
          name="staff"
          icon={BadgeIcon}
          options={{ label: "員工帳號" }}
          list={StaffList}
          create={StaffCreate}
          edit={StaffEdit}
          recordRepresentation="name"
        />
      ) : null}
      <Resource name="returns" icon={AssignmentReturnIcon} options={{ label: "退換貨申請" }} list={ReturnList} />
      <Resource name="takeouts" icon={WarehouseIcon} options={{ label: "雲端提貨" }} list={TakeoutList} />
      <Resource name="invoices" icon={RequestPageIcon} options={{ label: "電子發票" }} list={InvoiceList} />
      {permissions.includes("inquiries.read") ? (
        <Resource
          name="inquiries"
          icon={SupportAgentIcon}
          options={{ label: "客服信箱" }}
          list={InquiryList}
          show={InquiryShow}
        />
      ) : null}
      {permissions.includes("messages.read") ? (
        <>
          <Resource name="messages" icon={NotificationsActiveIcon} options={{ label: "通知紀錄" }} list={MessageList} />
          <Resource
            name="message_templates"
            icon={EditNoteIcon}
            options={{ label: "通知範本" }}
            list={MessageTemplateList}
            {...writable("settings.write", { edit: MessageTemplateEdit })}
          />
          <Resource name="mailbox" icon={MarkEmailReadIcon} options={{ label: "測試信箱" }} list={MailboxList} />
        </>
      ) : null}
    </>
  );
}

/** The pages that are not resources: settings, analytics, the system, the staff member's own. */
function customPages() {
  return (
    <>
      <CustomRoutes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/payment_settings" element={<PaymentSettingsPage />} />
        <Route path="/store_contract" element={<StoreContractPage />} />
        <Route path="/member_rewards" element={<MemberRewardsPage />} />
        <Route path="/invoice_settings" element={<InvoiceSettingsPage />} />
        <Route path="/shops/:id/analytics" element={<ShopAnalyticsPage />} />
        <Route path="/system" element={<SystemPage />} />
        <Route path="/two_step" element={<TwoStepPage />} />
        <Route path="/sessions" element={<MySessionsPage />} />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route
          path="/hct_label/:kind/:id"
          element={
            <Suspense fallback={null}>
              <HctLabelPage />
            </Suspense>
          }
        />
      </CustomRoutes>
    </>
  );
}

/** Everything the staff member may open, for react-admin's <Admin> children. */
export function adminResources(permissions: string[]) {
  return (
    <>
      {shopResources(permissions)}
      {memberResources(permissions)}
      {operationsResources(permissions)}
      {customPages()}
    </>
  );
}
