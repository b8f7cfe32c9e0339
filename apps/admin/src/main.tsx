import SettingsIcon from "@mui/icons-material/Settings";
import { createTheme } from "@mui/material";
import { StrictMode } from "react";
import { Admin, CustomRoutes, Layout, Menu, Resource } from "react-admin";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { authProvider } from "./authProvider";
import { BannerCreate, BannerEdit, BannerList, CategoryList } from "./content";
import { DashboardPage } from "./dashboard";
import { dataProvider } from "./dataProvider";
import { i18nProvider } from "./i18n";
import { LoginPage } from "./login";
import { OrderList, OrderShow } from "./orders";
import { AuditList, MemberList, MemberShow, SettingsPage, StaffCreate, StaffEdit, StaffList } from "./people";
import { ProductCreate, ProductEdit, ProductList } from "./products";

const theme = createTheme({
  palette: { primary: { main: "#3a5f2c" }, secondary: { main: "#7a5c2e" } },
  typography: { fontFamily: '"Noto Sans TC", "PingFang TC", "Microsoft JhengHei", system-ui, sans-serif' },
});

/**
 * The back office at /admin (client-rendered; react-admin over /api/admin/*). Menus follow the
 * staff member's permissions; the server checks them again on every call.
 */
/** The resources' menu plus the settings page, which is not a resource. */
const AdminMenu = () => (
  <Menu>
    <Menu.DashboardItem />
    <Menu.ResourceItems />
    <Menu.Item to="/settings" primaryText="商城設定" leftIcon={<SettingsIcon />} />
  </Menu>
);
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
      {(permissions: string[]) => (
        <>
          <Resource name="orders" options={{ label: "訂單" }} list={OrderList} show={OrderShow} recordRepresentation="order_no" />
          <Resource
            name="products"
            options={{ label: "商品" }}
            list={ProductList}
            edit={permissions.includes("catalogue.write") ? ProductEdit : undefined}
            create={permissions.includes("catalogue.write") ? ProductCreate : undefined}
            recordRepresentation="name"
          />
          <Resource name="categories" options={{ label: "分類" }} list={CategoryList} recordRepresentation="full_name" />
          <Resource
            name="banners"
            options={{ label: "首頁橫幅" }}
            list={BannerList}
            edit={permissions.includes("content.write") ? BannerEdit : undefined}
            create={permissions.includes("content.write") ? BannerCreate : undefined}
            recordRepresentation="title"
          />
          <Resource name="members" options={{ label: "會員" }} list={MemberList} show={MemberShow} recordRepresentation="name" />
          {permissions.includes("audit.read") ? <Resource name="audit" options={{ label: "操作紀錄" }} list={AuditList} /> : null}
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
          <CustomRoutes>
            <Route path="/settings" element={<SettingsPage />} />
          </CustomRoutes>
        </>
      )}
    </Admin>
  );
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
