import { Button, Chip, TextField as MuiTextField, Stack } from "@mui/material";
import { useState } from "react";
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  ImageField,
  ImageInput,
  Link,
  List,
  NumberField,
  NumberInput,
  type RaRecord,
  ReferenceArrayInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  useBasename,
  usePermissions,
  useRecordContext,
} from "react-admin";
import { useAdminAction } from "./actions";
import { MoneyField, TaipeiDateField } from "./fields";
import { createAndEdit } from "./forms";
import { ShopPaymentSettingsSection } from "./payment-settings";

// Shops (the main mall and sellers' sub-malls)
/** A link inside the back office (it needs the /admin base written out) that leaves the row alone. */
function InnerLink({ to, children }: { to: string; children: string }) {
  const base = useBasename();
  return (
    <Link to={`${base}${to}`} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
      {children}
    </Link>
  );
}

export const ShopList = () => (
  <List exporter={false} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="商城名稱、編號或店主會員編號" />]}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="name" label="名稱" />
      <NumberField source="owner_member_id" label="店主會員編號" emptyText="—" />
      <FunctionField label="抽成" render={(r: RaRecord) => `${r.commission_percent}%`} />
      <FunctionField label="狀態" render={(r: RaRecord) => (r.status === "open" ? "營業中" : "已暫停")} />
      <FunctionField label="首頁" render={(r: RaRecord) => <InnerLink to={`/home_blocks/${r.id}`}>首頁區塊</InnerLink>} />
      <FunctionField label="分析" render={(r: RaRecord) => <InnerLink to={`/shops/${r.id}/analytics`}>銷售分析</InnerLink>} />
    </Datagrid>
  </List>
);
export const ShopCreate = () => (
  <Create redirect="list" title="為會員開設子商城">
    <SimpleForm>
      <NumberInput source="owner_member_id" label="店主會員編號" validate={required("請輸入會員編號")} />
      <TextInput source="name" label="商城名稱" validate={required("請輸入商城名稱")} fullWidth />
      <TextInput source="intro" label="商城介紹" multiline fullWidth />
      <NumberInput source="commission_percent" label="抽成（商品金額 %）" defaultValue={10} min={0} max={100} />
    </SimpleForm>
  </Create>
);
export const ShopEdit = () => (
  <Edit mutationMode="pessimistic" title="編輯商城">
    <SimpleForm>
      <TextInput source="name" label="商城名稱" validate={required("請輸入商城名稱")} fullWidth />
      <TextInput source="intro" label="商城介紹" multiline fullWidth />
      <ImageInput source="logo" label="商城標誌" accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <ImageInput source="banner" label="商城橫幅" accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <NumberInput source="commission_percent" label="抽成（商品金額 %）" min={0} max={100} />
      <NumberInput
        source="owner_member_id"
        label="賣家（會員編號）"
        min={1}
        helperText="變更後，新賣家登入會進入此商城的賣家專區；原賣家改回主商城會員"
      />
      <TextInput source="footer_company" label="頁尾：公司名稱" fullWidth helperText="子商城留空則顯示主商城的資料" />
      <TextInput source="footer_tax_id" label="頁尾：統一編號" />
      <TextInput source="footer_address" label="頁尾：公司地址" fullWidth />
      <TextInput
        source="return_address"
        label="退貨收件資訊"
        fullWidth
        helperText="買家退貨核准後看到的寄回地址（收件人、電話、地址）；子商城留空則用主商城的"
      />
      <TextInput source="footer_phone" label="頁尾：客服電話" />
      <TextInput source="footer_hours" label="頁尾：客服時間" helperText="例如 週一至週五 09:00–18:00" />
      <TextInput
        source="footer_dispatch"
        label="商品頁：出貨說明"
        fullWidth
        helperText="例如 付款完成後 1–3 個工作天內出貨（例假日不出貨）；子商城留空則顯示主商城的說明"
      />
      <TextInput
        source="footer_line_url"
        label="頁尾：LINE 官方帳號連結"
        fullWidth
        helperText="https://lin.ee/… 或 https://line.me/…"
      />
      <TextInput source="ga4_measurement_id" label="GA4 評估 ID" helperText="例如 G-AB12CD34EF；留空則不載入" />
      <TextInput source="meta_pixel_id" label="Meta Pixel ID" helperText="8–20 位數字；留空則不載入" />
      <TextInput
        source="domain"
        label="子商城自有網域"
        helperText="例如 tea.example.com（需指向本站）；設定後此子商城頁面的標準網址（canonical）改用此網域；留空則商品頁指向主商城"
      />
      <SelectInput
        source="status"
        label="狀態"
        choices={[
          { id: "open", name: "營業中" },
          { id: "suspended", name: "暫停營業" },
        ]}
      />
    </SimpleForm>
    <ShopPaymentSettingsSection />
  </Edit>
);

// Dealers
export const DealerList = () => (
  <List exporter={false} filters={[<SearchInput key="q" source="q" alwaysOn placeholder="名稱或縣市" />]}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="name" label="名稱" />
      <TextField source="county" label="縣市" />
      <TextField source="phone" label="電話" />
      <BooleanField source="featured" label="首頁推薦" />
      <FunctionField label="狀態" render={(r: RaRecord) => (r.status === "active" ? "顯示" : "隱藏")} />
    </Datagrid>
  </List>
);
function DealerForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="名稱" validate={required("請輸入名稱")} fullWidth />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextInput source="county" label="縣市" validate={required("請輸入縣市")} />
        <TextInput source="district" label="鄉鎮市區" />
        <TextInput source="phone" label="電話" />
      </Stack>
      <TextInput source="address" label="地址" fullWidth />
      <ImageInput source="image" label="圖片" accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <TextInput source="intro" label="介紹" multiline fullWidth />
      <BooleanInput source="featured" label="首頁推薦" />
      <SelectInput
        source="status"
        label="狀態"
        defaultValue="active"
        choices={[
          { id: "active", name: "顯示" },
          { id: "hidden", name: "隱藏" },
        ]}
      />
      <NumberInput source="sort" label="排序" defaultValue={0} />
      <ReferenceArrayInput source="product_ids" reference="products" perPage={50}>
        <AutocompleteArrayInput label="經銷商品" optionText="name" filterToQuery={(q) => ({ q })} fullWidth />
      </ReferenceArrayInput>
      <ArrayInput source="outlets" label="門市據點">
        <SimpleFormIterator inline>
          <TextInput source="name" label="門市名稱" validate={required("請輸入門市名稱")} />
          <TextInput source="county" label="縣市" validate={required("請輸入縣市")} />
          <TextInput source="district" label="鄉鎮市區" />
          <TextInput source="address" label="地址" validate={required("請輸入地址")} />
          <TextInput source="phone" label="電話" />
          <TextInput source="hours" label="營業時間" />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
export const Dealer = createAndEdit(DealerForm, "經銷商");

// Withdrawal requests
/** 戶名與會員姓名不同 and 帳戶 7 天內新設 (decision 77): look twice before paying these. */
function AccountFlags({
  bank,
  requestedAt,
}: {
  bank: { holder_matches_name?: boolean; account_changed_at?: string };
  requestedAt: string;
}) {
  const fresh = bank.account_changed_at
    ? new Date(requestedAt).getTime() - new Date(bank.account_changed_at).getTime() < 7 * 86_400_000
    : false;
  return (
    <Stack direction="row" spacing={0.5}>
      {bank.holder_matches_name === false ? <Chip size="small" color="error" label="戶名與會員姓名不同" /> : null}
      {fresh ? <Chip size="small" color="warning" label="帳戶 7 天內新設或變更" /> : null}
    </Stack>
  );
}
function WithdrawalActions() {
  const w = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const act = useAdminAction();
  const [text, setText] = useState("");
  if (!w || !permissions?.includes("payouts.write")) return null;
  const open = w.status === "requested" || w.status === "approved";
  if (!open) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" onClick={(e) => e.stopPropagation()}>
      {w.status === "requested" ? (
        <Button size="small" variant="contained" onClick={() => act(`/withdrawals/${w.id}/approve`, {}, "已核准")}>
          核准
        </Button>
      ) : null}
      <MuiTextField
        size="small"
        label={w.status === "approved" ? "匯款參考編號／退回原因" : "退回原因"}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {w.status === "approved" ? (
        <Button
          size="small"
          variant="contained"
          onClick={() => act(`/withdrawals/${w.id}/pay`, { reference: text }, "已標記為已匯款")}
        >
          標記已匯款
        </Button>
      ) : null}
      <Button size="small" color="error" onClick={() => act(`/withdrawals/${w.id}/reject`, { reason: text }, "已退回")}>
        退回
      </Button>
    </Stack>
  );
}
export const WithdrawalList = () => (
  <List
    exporter={false}
    filters={[
      <SelectInput
        key="status"
        source="status"
        label="狀態"
        alwaysOn
        choices={[
          { id: "requested", name: "處理中" },
          { id: "approved", name: "已核准，待匯款" },
          { id: "paid", name: "已匯款" },
          { id: "rejected", name: "已退回" },
        ]}
      />,
    ]}
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" label="編號" />
      <TaipeiDateField source="created_at" label="申請時間" />
      <NumberField source="member_id" label="會員編號" />
      <MoneyField source="amount" label="金額" />
      <MoneyField source="net" label="實際匯款" />
      <FunctionField
        label="收款帳戶"
        render={(r: RaRecord) => (
          <Stack spacing={0.5}>
            <span>{`${r.bank.holder}｜${r.bank.bank_code} ${r.bank.bank_name} ${r.bank.branch_name}｜${r.bank.account}`}</span>
            <AccountFlags bank={r.bank} requestedAt={r.created_at} />
          </Stack>
        )}
      />
      <TextField source="status_label" label="狀態" />
      <TextField source="note" label="參考編號／原因" />
      <WithdrawalActions />
    </Datagrid>
  </List>
);
