import { Box, Button, MenuItem, TextField as MuiTextField, Typography } from "@mui/material";
import { TEMPERATURE_LABELS, TEMPERATURES } from "@shop/contract/shipping";
import { useState } from "react";
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  Datagrid,
  DateInput,
  Edit,
  ImageField,
  ImageInput,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  required,
  SearchInput,
  SelectArrayInput,
  SelectField,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  useNotify,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { adminApi } from "./api";
import { ImageThumb, MoneyField, TaipeiDateField } from "./fields";
import { ENGLISH_HINT } from "./forms";
import { RichTextInput } from "./richtext";

const TEMPERATURE_CHOICES = TEMPERATURES.map((t) => ({ id: t, name: TEMPERATURE_LABELS[t] }));
const STATUS = [
  { id: "on", name: "上架" },
  { id: "off", name: "下架" },
];
const TAGS = [
  { id: "recommended", name: "推薦" },
  { id: "hot", name: "熱銷" },
  { id: "new", name: "新品" },
];

export const ProductList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn placeholder="商品名稱或編號" />,
      <SelectInput key="status" source="status" label="狀態" choices={STATUS} />,
    ]}
    sort={{ field: "id", order: "DESC" }}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <ImageThumb source="image" label="圖片" />
      <TextField source="name" label="商品名稱" />
      <MoneyField source="price" label="售價" />
      <NumberField source="variant_count" label="規格數" />
      <NumberField source="stock" label="庫存" />
      <SelectField source="status" label="狀態" choices={STATUS} />
      <TaipeiDateField source="updated_at" label="更新時間" />
    </Datagrid>
  </List>
);

function ProductForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="商品名稱" validate={required("請輸入商品名稱")} fullWidth />
      <TextInput source="name_en" label="英文名稱（選填）" helperText={ENGLISH_HINT} fullWidth />
      <TextInput source="subtitle" label="副標題" fullWidth />
      <TextInput source="subtitle_en" label="英文副標題（選填）" helperText={ENGLISH_HINT} fullWidth />
      <ReferenceInput source="category_id" reference="categories" perPage={200}>
        <AutocompleteInput label="分類" optionText="full_name" validate={required("請選擇分類")} />
      </ReferenceInput>
      {/* react-admin labels the drop zone, not its file input: every ImageInput names its input. */}
      <ImageInput
        source="images"
        label="商品圖片（第一張為主圖）"
        multiple
        accept={{ "image/*": [] }}
        inputProps={{ "aria-label": "商品圖片（第一張為主圖）" }}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      <RichTextInput source="description" label="商品介紹（儲存時會過濾不安全的內容）" fullWidth />
      <RichTextInput source="description_en" label="英文商品描述（選填）" helperText={ENGLISH_HINT} fullWidth />
      <SelectInput source="status" label="狀態" choices={STATUS} defaultValue="off" />
      <SelectArrayInput source="tags" label="標籤" choices={TAGS} />
      <NumberInput source="point_percent" label="點數回饋（%）" defaultValue={0} min={0} max={100} />
      <NumberInput source="per_member_limit" label="每人限購（件，留空為不限）" min={1} max={999} />
      <NumberInput
        source="hold_minutes"
        label="限時搶購：未付款保留（分鐘）"
        helperText="留空為一般商品；填寫後僅能線上付款，逾時未付款自動取消並釋出庫存"
        min={1}
        max={120}
      />
      <SelectInput source="temperature" label="溫層（運費依最低溫的商品）" choices={TEMPERATURE_CHOICES} defaultValue="normal" />
      <TextInput source="brand" label="品牌（商品廣告用，空白則為商店名稱）" />
      <ArrayInput source="variants" label="規格">
        <SimpleFormIterator inline>
          <TextInput source="sku" label="料號" validate={required("請輸入料號")} />
          <TextInput source="name" label="規格名稱" validate={required("請輸入規格名稱")} />
          <NumberInput source="price" label="售價" validate={required("請輸入售價")} min={1} />
          <NumberInput source="list_price" label="原價" validate={required("請輸入原價")} min={0} />
          <NumberInput source="size_cm" label="包裝長＋寬＋高（公分）" defaultValue={30} min={1} />
          <NumberInput source="weight_g" label="重量（公克）" defaultValue={500} min={1} />
          <TextInput source="gtin" label="GTIN／條碼（選填）" />
          <NumberInput source="preorder_cap" label="預購上限（空白：不開放預購）" min={1} />
          <DateInput source="preorder_ship_on" label="預計出貨日" />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

export const ProductCreate = () => (
  <Create redirect="edit" title="新增商品">
    <ProductForm />
  </Create>
);

export const ProductEdit = () => (
  <Edit
    mutationMode="pessimistic"
    title="編輯商品"
    aside={<StockPanel />}
    // On a phone the stock panel goes under the form instead of beside it.
    sx={{ "& .RaEdit-main": { flexDirection: { xs: "column", md: "row" } } }}
  >
    <ProductForm />
  </Edit>
);

/** Stock is changed only here, with a reason: each change is a movement and an audit entry. */
function StockPanel() {
  const record = useRecordContext<{
    id: number;
    variants: Array<{ id: number; name: string; stock: number; preorder_cap: number | null; preorder_waiting: number }>;
  }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [variant, setVariant] = useState<number | "">("");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState<"restock" | "adjust">("restock");
  const [note, setNote] = useState("");
  if (!record) return null;
  return (
    <Box
      sx={{ width: { md: 280 }, ml: { md: 2 }, mt: { xs: 2, md: 0 }, p: 2, border: 1, borderColor: "divider", borderRadius: 1 }}
      data-testid="stock-panel"
    >
      <Typography variant="h6" gutterBottom>
        庫存調整
      </Typography>
      {record.variants.map((v) => (
        <Typography key={v.id} variant="body2">
          {`${v.name}（規格編號 ${v.id}）：${v.stock}`}
          {v.preorder_cap !== null ? `，預購待出貨 ${v.preorder_waiting}／上限 ${v.preorder_cap}` : ""}
        </Typography>
      ))}
      <MuiTextField
        select
        label="規格"
        value={variant}
        onChange={(e) => setVariant(Number(e.target.value))}
        fullWidth
        margin="dense"
        size="small"
      >
        {record.variants.map((v) => (
          <MenuItem key={v.id} value={v.id}>
            {v.name}
          </MenuItem>
        ))}
      </MuiTextField>
      <MuiTextField
        label="數量（減少請輸入負數）"
        value={delta}
        onChange={(e) => setDelta(e.target.value)}
        fullWidth
        margin="dense"
        size="small"
      />
      <MuiTextField
        select
        label="原因"
        value={reason}
        onChange={(e) => setReason(e.target.value as "restock")}
        fullWidth
        margin="dense"
        size="small"
      >
        <MenuItem value="restock">進貨</MenuItem>
        <MenuItem value="adjust">盤點調整</MenuItem>
      </MuiTextField>
      <MuiTextField label="說明" value={note} onChange={(e) => setNote(e.target.value)} fullWidth margin="dense" size="small" />
      <Button
        variant="contained"
        sx={{ mt: 1 }}
        onClick={async () => {
          try {
            const r = await adminApi<{ preorders_released?: number }>(`/products/${record.id}/stock`, {
              body: { variant_id: variant, delta: Number(delta), reason, note },
            });
            const released = r.preorders_released ?? 0;
            notify(released > 0 ? `庫存已調整，已放行 ${released} 筆預購訂單` : "庫存已調整", { type: "success" });
            setDelta("");
            setNote("");
            refresh();
          } catch (e) {
            notify((e as Error).message, { type: "error" });
          }
        }}
      >
        送出調整
      </Button>
    </Box>
  );
}
