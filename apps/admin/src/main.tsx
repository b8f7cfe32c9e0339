import CakeIcon from "@mui/icons-material/Cake";
import DevicesIcon from "@mui/icons-material/Devices";
import HomeIcon from "@mui/icons-material/Home";
import LocalConvenienceStoreIcon from "@mui/icons-material/LocalConvenienceStore";
import LockIcon from "@mui/icons-material/Lock";
import LoyaltyIcon from "@mui/icons-material/Loyalty";
import MonitorHeartIcon from "@mui/icons-material/MonitorHeart";
import PaymentsIcon from "@mui/icons-material/Payments";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { createTheme } from "@mui/material";
import { StrictMode } from "react";
import {
  Admin,
  AppBar,
  Layout,
  Logout,
  Menu,
  UserMenu,
  useBasename,
  useCreatePath,
  useGetIdentity,
  usePermissions,
  useRemoveFromStore,
  useResourceDefinitions,
} from "react-admin";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { session } from "./api";
import { authProvider } from "./authProvider";
import { DashboardPage } from "./dashboard";
import { dataProvider } from "./dataProvider";
import { i18nProvider } from "./i18n";
import { LoginPage } from "./login";
import { adminResources } from "./resources";

const theme = createTheme({
  palette: { primary: { main: "#3a5f2c" }, secondary: { main: "#7a5c2e" } },
  typography: { fontFamily: '"Noto Sans TC", "PingFang TC", "Microsoft JhengHei", system-ui, sans-serif' },
});

/**
 * The back office at /admin (client-rendered; react-admin over /api/admin/*). Menus follow the
 * staff member's permissions; the server checks them again on every call.
 */
/**
 * The resources' lists, each opened fresh from the menu: react-admin remembers a list's filter,
 * sort and page, and a menu link that reopened the last search (one phone's orders) read as if
 * the shop had no other orders. Going back, and the dashboard's links, still carry their filter.
 */
const ResourceMenuItems = () => {
  const resources = useResourceDefinitions();
  const forget = useRemoveFromStore();
  const createPath = useCreatePath();
  return (
    <>
      {Object.values(resources)
        .filter((r) => r.hasList)
        .map((r) => (
          // An empty filter in the address wins over the remembered one (react-admin reads the
          // address first); the remembered params are dropped too.
          <Menu.ResourceItem
            key={r.name}
            name={r.name}
            to={{ pathname: createPath({ resource: r.name, type: "list" }), search: `?filter=${encodeURIComponent("{}")}` }}
            onClick={() => forget(`${r.name}.listParams`)}
          />
        ))}
    </>
  );
};

/** The resources' menu plus the settings page, which is not a resource. */
const AdminMenu = () => {
  // Menu.Item links are plain router links: they need the /admin base written out.
  const base = useBasename();
  const { permissions } = usePermissions<string[]>();
  return (
    <Menu>
      <Menu.DashboardItem />
      <ResourceMenuItems />
      <Menu.Item to={`${base}/home_blocks/1`} primaryText="主商城首頁區塊" leftIcon={<HomeIcon />} />
      <Menu.Item to={`${base}/settings`} primaryText="點數與提領設定" leftIcon={<LoyaltyIcon />} />
      <Menu.Item to={`${base}/payment_settings`} primaryText="付款設定" leftIcon={<PaymentsIcon />} />
      <Menu.Item to={`${base}/store_contract`} primaryText="超商取貨合約" leftIcon={<LocalConvenienceStoreIcon />} />
      <Menu.Item to={`${base}/member_rewards`} primaryText="生日禮與新會員禮" leftIcon={<CakeIcon />} />
      <Menu.Item to={`${base}/invoice_settings`} primaryText="電子發票設定" leftIcon={<ReceiptLongIcon />} />
      <Menu.Item to={`${base}/two_step`} primaryText="兩步驟驗證" leftIcon={<LockIcon />} />
      <Menu.Item to={`${base}/sessions`} primaryText="登入裝置" leftIcon={<DevicesIcon />} />
      {permissions?.includes("system.read") ? (
        <Menu.Item to={`${base}/system`} primaryText="系統狀態" leftIcon={<MonitorHeartIcon />} />
      ) : null}
    </Menu>
  );
};
/** The app bar's account button: named for the signed-in staff member and what it opens. */
const AccountMenu = () => {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ? `${identity.fullName}的帳號選單` : "帳號選單"}>
      <Logout />
    </UserMenu>
  );
};
const AdminAppBar = () => <AppBar userMenu={<AccountMenu />} />;
const AdminLayout = ({ children }: { children: React.ReactNode }) => (
  <Layout menu={AdminMenu} appBar={AdminAppBar}>
    {children}
  </Layout>
);

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
      {(permissions: string[]) => adminResources(permissions)}
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
