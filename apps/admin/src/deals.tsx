import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Datagrid,
  DateTimeInput,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  ReferenceArrayInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
} from "react-admin";
import { TaipeiDateField } from "./fields";
import { createAndEdit } from "./forms";

/** 加價購 and 滿額贈 (decision 93): list, create, edit, turn off (啟用 off keeps the orders that named it). */

type Named = { id: number; name: string };
const money = (n: number) => `NT$${n.toLocaleString("en-US")}`;
/** Variant ids typed as 「12, 15」. */
const idsText = {
  format: (v: number[] | undefined) => (v ?? []).join(", "),
  parse: (s: string) =>
    s
      .split(/[,，\s]+/)
      .filter(Boolean)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
};

export const AddonDealList = () => (
  <List exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="title" label="名稱" />
      <TextField source="variant_name" label="加購商品" />
      <FunctionField label="加購價" render={(r: { price: number }) => money(r.price)} />
      <NumberField source="per_order_cap" label="每筆上限" />
      <FunctionField
        label="條件"
        render={(r: { trigger_amount: number; trigger_product_ids: number[] }) =>
          [
            r.trigger_product_ids.length > 0 ? `指定商品 ${r.trigger_product_ids.length} 項` : "",
            r.trigger_amount > 0 ? `消費滿 ${money(r.trigger_amount)}` : "",
          ]
            .filter(Boolean)
            .join(" 或 ") || "不限"
        }
      />
      <NumberField source="shop_id" label="商城" />
      <BooleanField source="active" label="啟用" />
      <TaipeiDateField source="starts_at" label="開始" />
      <TaipeiDateField source="ends_at" label="結束" />
    </Datagrid>
  </List>
);
function AddonDealForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="名稱（顯示於結帳頁）" validate={required("請輸入名稱")} fullWidth />
      <NumberInput source="shop_id" label="商城編號（1 為主商城，子商城沒有自己的加價購時沿用主商城）" defaultValue={1} min={1} />
      <NumberInput source="variant_id" label="加購商品規格編號" validate={required("請輸入規格編號")} min={1} />
      <TextField source="variant_name" label="加購商品" />
      <NumberInput source="price" label="加購價（NT$）" validate={required("請輸入加購價")} min={1} />
      <NumberInput source="per_order_cap" label="每筆訂單最多加購件數" defaultValue={1} min={1} max={99} />
      <ReferenceArrayInput source="trigger_product_ids" reference="products" perPage={50}>
        <AutocompleteArrayInput
          label="購買這些商品即可加購（搜尋商品名稱）"
          optionText="name"
          filterToQuery={(q) => ({ q })}
          fullWidth
        />
      </ReferenceArrayInput>
      <NumberInput source="trigger_amount" label="或商品折扣後滿額（NT$，0 為只看指定商品）" defaultValue={0} min={0} />
      <BooleanInput source="active" label="啟用" defaultValue={true} />
      <DateTimeInput source="starts_at" label="開始時間" validate={required("請選擇開始時間")} />
      <DateTimeInput source="ends_at" label="結束時間" validate={required("請選擇結束時間")} />
    </SimpleForm>
  );
}
export const AddonDeal = createAndEdit(AddonDealForm, "加價購");

export const GiftRuleList = () => (
  <List exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="title" label="名稱" />
      <FunctionField label="門檻" render={(r: { threshold: number }) => `滿 ${money(r.threshold)}`} />
      <FunctionField
        label="贈品"
        render={(r: { variants: Named[]; qty: number }) => `${r.variants.map((v) => v.name || `#${v.id}`).join("、")} × ${r.qty}`}
      />
      <NumberField source="shop_id" label="商城" />
      <BooleanField source="active" label="啟用" />
      <TaipeiDateField source="starts_at" label="開始" />
      <TaipeiDateField source="ends_at" label="結束" />
    </Datagrid>
  </List>
);
function GiftRuleForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="名稱（例：滿 NT$1,500 送茶包）" validate={required("請輸入名稱")} fullWidth />
      <NumberInput source="shop_id" label="商城編號（1 為主商城，子商城沒有自己的滿額贈時沿用主商城）" defaultValue={1} min={1} />
      <NumberInput source="threshold" label="門檻：商品折扣後滿（NT$，加價購不計入）" validate={required("請輸入門檻")} min={1} />
      <TextInput
        source="variant_ids"
        label="贈品規格編號（多項以逗號分隔，顧客擇一）"
        validate={required("請至少選擇一項贈品")}
        {...idsText}
        fullWidth
      />
      <FunctionField
        label="贈品"
        render={(r: { variants?: Named[] }) => (r.variants ?? []).map((v) => `#${v.id} ${v.name}`).join("、")}
      />
      <NumberInput source="qty" label="贈送件數" defaultValue={1} min={1} max={99} />
      <BooleanInput source="active" label="啟用" defaultValue={true} />
      <DateTimeInput source="starts_at" label="開始時間" validate={required("請選擇開始時間")} />
      <DateTimeInput source="ends_at" label="結束時間" validate={required("請選擇結束時間")} />
    </SimpleForm>
  );
}
export const GiftRule = createAndEdit(GiftRuleForm, "滿額贈");
