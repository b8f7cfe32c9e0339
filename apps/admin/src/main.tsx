import DevicesIcon from "@mui/icons-material/Devices";
import HomeIcon from "@mui/icons-material/Home";
import LockIcon from "@mui/icons-material/Lock";
import MonitorHeartIcon from "@mui/icons-material/MonitorHeart";
import PaymentsIcon from "@mui/icons-material/Payments";
import ReceiptIcon from "@mui/icons-material/Receipt";
import SettingsIcon from "@mui/icons-material/Settings";
import { createTheme } from "@mui/material";
import { lazy, StrictMode, Suspense } from "react";
import { Admin, CustomRoutes, Layout, Menu, Resource, useBasename, usePermissions } from "react-admin";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { TwoStepPage } from "./account";
import { session } from "./api";
import { authProvider } from "./authProvider";
import { Banner, BannerList, Category, CategoryList, HomeBlocksEdit, News, NewsList, Page, PageList } from "./content";
import { DashboardPage } from "./dashboard";
import { dataProvider } from "./dataProvider";
import { i18nProvider } from "./i18n";
import { InquiryList, InquiryShow } from "./inquiries";
import { InvoiceList, InvoiceSettingsPage } from "./invoices";
import { LoginPage } from "./login";
import { Coupon, CouponList, ExchangeItem, ExchangeItemList, Promotion, PromotionList, Raffle, RaffleList } from "./marketing";
import { MessageTemplateEdit, MessageTemplateList } from "./message-templates";
import { MailboxList, MessageList } from "./messages";
import { OrderList, OrderShow } from "./orders";
import { AuditList, MemberList, MemberShow, SettingsPage, StaffCreate, StaffEdit, StaffList } from "./people";
import { ProductCreate, ProductEdit, ProductList } from "./products";
import { ReturnList } from "./returns";
import { MySessionsPage } from "./sessions";
import { PaymentSettingsPage, ShipMethodEdit, ShipMethodList } from "./settings";
import { ShopAnalyticsPage, ShopRequestList } from "./shop-review";
import { Dealer, DealerList, ShopCreate, ShopEdit, ShopList, WithdrawalList } from "./shops";
import { SystemPage } from "./system";
import { TakeoutList } from "./takeouts";

// The label page carries the barcode library: a chunk of its own, loaded only when a label opens.
const HctLabelPage = lazy(() => import("./hct-label"));

const theme = createTheme({
  palette: { primary: { main: "#3a5f2c" }, secondary: { main: "#7a5c2e" } },
  typography: { fontFamily: '"Noto Sans TC", "PingFang TC", "Microsoft JhengHei", system-ui, sans-serif' },
});

/**
 * The back office at /admin (client-rendered; react-admin over /api/admin/*). Menus follow the
 * staff member's permissions; the server checks them again on every call.
 */
/** The resources' menu plus the settings page, which is not a resource. */
const AdminMenu = () => {
  // Menu.Item links are plain router links: they need the /admin base written out.
  const base = useBasename();
  const { permissions } = usePermissions<string[]>();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to={`${base}/home_blocks/1`} primaryText="主商城首頁區塊" leftIcon={<HomeIcon />} />
      <Menu.Item to={`${base}/settings`} primaryText="點數與提領設定" leftIcon={<SettingsIcon />} />
      <Menu.Item to={`${base}/payment_settings`} primaryText="付款設定" leftIcon={<PaymentsIcon />} />
      <Menu.Item to={`${base}/invoice_settings`} primaryText="電子發票設定" leftIcon={<ReceiptIcon />} />
      <Menu.Item to={`${base}/two_step`} primaryText="兩步驟驗證" leftIcon={<LockIcon />} />
      <Menu.Item to={`${base}/sessions`} primaryText="登入裝置" leftIcon={<DevicesIcon />} />
      {permissions?.includes("system.read") ? (
        <Menu.Item to={`${base}/system`} primaryText="系統狀態" leftIcon={<MonitorHeartIcon />} />
      ) : null}
    </Menu>
  );
};
const AdminLayout = ({ children }: { children: React.ReactNode }) => <Layout menu={AdminMenu}>{children}</Layout>;

function App() {
  return (
    <Admin
      basename="/admin"
      title="茶山好物 後台"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={DashboardPage}
      layout={AdminLayout}
      loginPage={LoginPage}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      {(permissions: string[]) => {
        /** Edit and create pages only for roles the server would let save them. */
        const writable = (permission: string, pages: { edit?: () => React.JSX.Element; create?: () => React.JSX.Element }) =>
          permissions.includes(permission) ? pages : {};
        return (
          <>
            <Resource
              name="orders"
              options={{ label: "訂單" }}
              list={OrderList}
              show={OrderShow}
              recordRepresentation="order_no"
            />
            <Resource
              name="products"
              options={{ label: "商品" }}
              list={ProductList}
              edit={permissions.includes("catalogue.write") ? ProductEdit : undefined}
              create={permissions.includes("catalogue.write") ? ProductCreate : undefined}
              recordRepresentation="name"
            />
            <Resource
              name="categories"
              options={{ label: "分類" }}
              list={CategoryList}
              {...writable("catalogue.write", Category)}
              recordRepresentation="full_name"
            />
            <Resource
              name="banners"
              options={{ label: "首頁橫幅" }}
              list={BannerList}
              {...writable("content.write", Banner)}
              recordRepresentation="title"
            />
            <Resource name="news" options={{ label: "最新消息" }} list={NewsList} {...writable("content.write", News)} />
            <Resource name="pages" options={{ label: "靜態頁面" }} list={PageList} {...writable("content.write", Page)} />
            <Resource name="home_blocks" edit={HomeBlocksEdit} />
            <Resource
              name="members"
              options={{ label: "會員" }}
              list={MemberList}
              show={MemberShow}
              recordRepresentation="name"
            />
            <Resource name="withdrawals" options={{ label: "提領申請" }} list={WithdrawalList} />
            <Resource
              name="coupons"
              options={{ label: "優惠券" }}
              list={CouponList}
              {...writable("marketing.write", Coupon)}
              recordRepresentation="title"
            />
            <Resource
              name="promotions"
              options={{ label: "優惠活動" }}
              list={PromotionList}
              {...writable("marketing.write", Promotion)}
            />
            <Resource name="raffles" options={{ label: "抽獎活動" }} list={RaffleList} {...writable("marketing.write", Raffle)} />
            <Resource
              name="exchange_items"
              options={{ label: "點數兌換商品" }}
              list={ExchangeItemList}
              {...writable("marketing.write", ExchangeItem)}
            />
            <Resource
              name="shops"
              options={{ label: "商城與賣家" }}
              list={ShopList}
              {...writable("shops.write", { edit: ShopEdit, create: ShopCreate })}
              recordRepresentation="name"
            />
            <Resource name="shop_requests" options={{ label: "商城變更審核" }} list={ShopRequestList} />
            <Resource name="dealers" options={{ label: "經銷商" }} list={DealerList} {...writable("shops.write", Dealer)} />
            <Resource
              name="ship_methods"
              options={{ label: "運費設定" }}
              list={ShipMethodList}
              {...writable("settings.write", { edit: ShipMethodEdit })}
            />
            {permissions.includes("audit.read") ? (
              <Resource name="audit" options={{ label: "操作紀錄" }} list={AuditList} />
            ) : null}
            {permissions.includes("staff.manage") ? (
              <Resource
                name="staff"
                options={{ label: "員工帳號" }}
                list={StaffList}
                create={StaffCreate}
                edit={StaffEdit}
                recordRepresentation="name"
              />
            ) : null}
            <Resource name="returns" options={{ label: "退換貨申請" }} list={ReturnList} />
            <Resource name="takeouts" options={{ label: "雲端提貨" }} list={TakeoutList} />
            <Resource name="invoices" options={{ label: "電子發票" }} list={InvoiceList} />
            {permissions.includes("inquiries.read") ? (
              <Resource name="inquiries" options={{ label: "客服信箱" }} list={InquiryList} show={InquiryShow} />
            ) : null}
            {permissions.includes("messages.read") ? (
              <>
                <Resource name="messages" options={{ label: "通知紀錄" }} list={MessageList} />
                <Resource
                  name="message_templates"
                  options={{ label: "通知範本" }}
                  list={MessageTemplateList}
                  {...writable("settings.write", { edit: MessageTemplateEdit })}
                />
                <Resource name="mailbox" options={{ label: "測試信箱" }} list={MailboxList} />
              </>
            ) : null}
            <CustomRoutes>
              <Route path="/settings" element={<SettingsPage />} />
              <Route path="/payment_settings" element={<PaymentSettingsPage />} />
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
      }}
    </Admin>
  );
}

// Without a session, open the login page directly: react-admin's own redirect to it spins through
// thousands of navigations for seconds under React Router 7 (marmelab/react-admin#10885).
if (!session.token() && !window.location.pathname.startsWith("/admin/login")) {
  window.history.replaceState(null, "", "/admin/login");
}

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      {/* react-admin under a sub path: a browser router with the app at /admin/* (its basename). */}
      <BrowserRouter>
        <Routes>
          <Route path="/admin/*" element={<App />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
