import type { AdminCoupon } from "@shop/contract/responses";
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  Datagrid,
  DateTimeInput,
  DeleteButton,
  FormDataConsumer,
  FunctionField,
  ImageField,
  ImageInput,
  List,
  NumberField,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  SelectField,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  useRecordContext,
} from "react-admin";
import { CodeBatch } from "./coupon-codes";
import { TaipeiDateField } from "./fields";
import { createAndEdit } from "./forms";
import { RichTextInput } from "./richtext";

const productPicker = (source: string, label: string) => (
  <ReferenceArrayInput source={source} reference="products" perPage={50}>
    <AutocompleteArrayInput label={label} optionText="name" filterToQuery={(q) => ({ q })} fullWidth />
  </ReferenceArrayInput>
);
// Coupons
const ISSUE_CHOICES = [
  { id: "issued", name: "發放給會員" },
  { id: "shared", name: "共用優惠碼（例：SPRING100）" },
  { id: "single", name: "單次優惠碼（批次產生，每組限用一次）" },
];
export const CouponList = () => (
  <List exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="title" label="名稱" />
      <TextField source="rule_text" label="內容" />
      <SelectField source="issue" label="發放方式" choices={ISSUE_CHOICES} optionText={(c) => c.name.split("（")[0]} />
      <TextField source="code" label="優惠碼" emptyText="—" />
      <FunctionField
        label="已使用"
        render={(c: AdminCoupon) =>
          c.issue === "issued" ? `${c.issued} 張已發出` : `${c.redeemed}${c.total_limit ? ` / ${c.total_limit}` : ""} 筆訂單`
        }
      />
      <BooleanField source="active" label="啟用" />
    </Datagrid>
  </List>
);
function CouponForm() {
  const record = useRecordContext<AdminCoupon>();
  return (
    <SimpleForm>
      <TextInput source="title" label="名稱" validate={required("請輸入名稱")} fullWidth />
      <SelectInput
        source="issue"
        label="發放方式"
        choices={ISSUE_CHOICES}
        defaultValue="issued"
        disabled={!!record}
        helperText={record ? "建立後不能變更" : false}
      />
      <FormDataConsumer>
        {({ formData }) =>
          formData.issue === "shared" ? (
            <TextInput
              source="code"
              label="優惠碼（3–20 個英文字母、數字或 -，不分大小寫）"
              validate={required("請輸入優惠碼")}
              parse={(v: string) => v.toUpperCase().replace(/\s+/g, "")}
            />
          ) : null
        }
      </FormDataConsumer>
      <SelectInput
        source="kind"
        label="折扣方式"
        choices={[
          { id: "amount", name: "折抵金額（NT$）" },
          { id: "percent", name: "折扣百分比（%）" },
        ]}
        validate={required("請選擇折扣方式")}
      />
      <NumberInput source="value" label="折抵金額或折扣 %（10 = 9 折）" validate={required("請輸入折扣")} min={1} />
      <NumberInput source="min_spend" label="最低消費（NT$）" defaultValue={0} min={0} />
      {productPicker("product_ids", "限用商品（留空為全部商品）")}
      <ReferenceArrayInput source="category_ids" reference="categories">
        <AutocompleteArrayInput label="限用分類（留空為全部分類）" optionText="full_name" fullWidth />
      </ReferenceArrayInput>
      <FormDataConsumer>
        {({ formData }) =>
          formData.issue === "shared" || formData.issue === "single" ? (
            <>
              <DateTimeInput source="starts_at" label="開始時間（留空為立即）" />
              <DateTimeInput source="ends_at" label="結束時間（留空為不限）" />
              <NumberInput source="total_limit" label="總使用次數（留空不限）" min={1} sx={{ minWidth: 280 }} />
              <NumberInput
                source="per_member_limit"
                label="每位會員可使用次數"
                defaultValue={1}
                min={1}
                max={100}
                sx={{ minWidth: 280 }}
              />
              <BooleanInput source="active" label="啟用（關閉後無法再使用）" defaultValue={true} />
            </>
          ) : null
        }
      </FormDataConsumer>
      {record?.issue === "single" ? <CodeBatch coupon={record} /> : null}
    </SimpleForm>
  );
}
export const Coupon = createAndEdit(CouponForm, "優惠券");

// Promotions
export const PromotionList = () => (
  <List exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="title" label="名稱" />
      <TextField source="rule_text" label="規則" />
      <NumberField source="shop_id" label="商城" />
      <TaipeiDateField source="starts_at" label="開始" />
      <TaipeiDateField source="ends_at" label="結束" />
      <DeleteButton mutationMode="pessimistic" />
    </Datagrid>
  </List>
);
function PromotionForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="名稱" validate={required("請輸入名稱")} fullWidth />
      <NumberInput source="shop_id" label="商城編號（1 為主商城）" defaultValue={1} min={1} />
      <SelectInput
        source="kind"
        label="活動方式"
        choices={[
          { id: "amount_off", name: "滿額折抵" },
          { id: "percent_off", name: "滿額打折" },
          { id: "bundle_price", name: "指定商品組合價" },
        ]}
        validate={required("請選擇活動方式")}
      />
      <FormDataConsumer>
        {({ formData }) =>
          formData.kind === "bundle_price" ? (
            <>
              <NumberInput source="bundle_qty" label="任選件數" min={2} />
              <NumberInput source="bundle_price" label="組合價（NT$）" min={0} />
            </>
          ) : (
            <>
              <NumberInput source="threshold" label="消費門檻（NT$）" min={0} defaultValue={0} />
              <NumberInput
                source="value"
                label={formData.kind === "percent_off" ? "折扣 %（10 = 9 折）" : "折抵金額（NT$）"}
                min={0}
                defaultValue={0}
              />
            </>
          )
        }
      </FormDataConsumer>
      {productPicker("product_ids", "活動商品（組合價必選）")}
      <TextInput source="summary" label="摘要" fullWidth />
      <ImageInput source="image" label="活動圖片" inputProps={{ "aria-label": "活動圖片" }} accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <RichTextInput source="description" label="活動說明" fullWidth />
      <DateTimeInput source="starts_at" label="開始時間" validate={required("請選擇開始時間")} />
      <DateTimeInput source="ends_at" label="結束時間" validate={required("請選擇結束時間")} />
    </SimpleForm>
  );
}
export const Promotion = createAndEdit(PromotionForm, "活動");

// Raffles
export const RaffleList = () => (
  <List exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="title" label="名稱" />
      <NumberField source="min_order_amount" label="門檻（NT$）" />
      <BooleanField source="active" label="啟用" />
      <TaipeiDateField source="starts_at" label="開始" />
      <TaipeiDateField source="ends_at" label="結束" />
    </Datagrid>
  </List>
);
const PRIZE_KINDS = [
  { id: "points", name: "點數" },
  { id: "wallet", name: "購物金（錢包）" },
  { id: "coupon", name: "優惠券" },
  { id: "goods", name: "贈品（存入雲端庫存）" },
  { id: "nothing", name: "銘謝惠顧" },
];
function RaffleForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="名稱" validate={required("請輸入名稱")} fullWidth />
      <TextInput source="description" label="說明" multiline fullWidth />
      <NumberInput source="min_order_amount" label="訂單商品金額門檻（NT$）" validate={required("請輸入門檻")} min={0} />
      <NumberInput source="cards_per_order" label="每筆訂單張數" defaultValue={1} min={1} max={10} />
      <BooleanInput source="active" label="啟用" defaultValue />
      <DateTimeInput source="starts_at" label="開始時間" validate={required("請選擇開始時間")} />
      <DateTimeInput source="ends_at" label="結束時間" validate={required("請選擇結束時間")} />
      <ArrayInput source="prizes" label="獎項（贈品數量會從商品庫存預留）">
        <SimpleFormIterator inline>
          <TextInput source="title" label="獎項名稱" validate={required("請輸入獎項名稱")} />
          <SelectInput source="kind" label="類型" choices={PRIZE_KINDS} validate={required("請選擇類型")} />
          <NumberInput source="amount" label="點數／金額" defaultValue={0} min={0} />
          <ReferenceInput source="coupon_id" reference="coupons">
            <SelectInput label="優惠券" optionText="title" emptyText="（無）" />
          </ReferenceInput>
          <NumberInput source="variant_id" label="贈品規格編號" />
          <NumberInput source="weight" label="機率權重" validate={required("請輸入權重")} min={1} />
          <NumberInput source="stock" label="數量（銘謝惠顧可留空）" min={0} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
export const Raffle = createAndEdit(RaffleForm, "抽獎活動");

// Points exchange catalogue
export const ExchangeItemList = () => (
  <List exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="title" label="名稱" />
      <NumberField source="points" label="所需點數" />
      <NumberField source="variant_id" label="規格編號" />
      <BooleanField source="active" label="上架" />
    </Datagrid>
  </List>
);
function ExchangeItemForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="名稱" validate={required("請輸入名稱")} fullWidth />
      <NumberInput source="variant_id" label="商品規格編號" validate={required("請輸入規格編號")} />
      <NumberInput source="points" label="所需點數" validate={required("請輸入點數")} min={1} />
      <ImageInput source="image" label="圖片" inputProps={{ "aria-label": "圖片" }} accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <BooleanInput source="active" label="上架" defaultValue />
    </SimpleForm>
  );
}
export const ExchangeItem = createAndEdit(ExchangeItemForm, "兌換商品");
