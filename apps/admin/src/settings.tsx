import { PARCEL_SIZES, TEMPERATURE_LABELS, TEMPERATURES } from "@shop/contract/shipping";
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Datagrid,
  Edit,
  List,
  NumberField,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
} from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import { MoneyField } from "./fields";

export const ShipMethodList = () => (
  <List exporter={false} pagination={false} perPage={100}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <NumberField source="shop_id" label="商城" />
      <TextField source="name" label="配送方式" />
      <MoneyField source="fee" label="運費" />
      <MoneyField source="free_threshold" label="免運門檻" />
      <BooleanField source="enabled" label="開放" />
      <NumberField source="sort" label="排序" />
    </Datagrid>
  </List>
);
const SIZE_CHOICES = PARCEL_SIZES.map((s) => ({ id: s, name: `${s} 公分` }));
const TEMPERATURE_CHOICES = TEMPERATURES.map((t) => ({ id: t, name: TEMPERATURE_LABELS[t] }));
/** A table for a method that had none: 常溫, 本島 at the base fee, no 離島 (staff fill in the rest). */
const NEW_RATES = {
  size_fees: [],
  max_weight_g: 20_000,
  temperatures: ["normal"],
  chilled_surcharge: 0,
  outlying: false,
  outlying_surcharge: 0,
  free_excludes_outlying: false,
};

/** The fee table (decision 89): by size, 離島 and 低溫; switched off, the base fee is charged for every parcel. */
function RatesInputs() {
  const { setValue } = useFormContext();
  const rates = useWatch({ name: "rates" });
  return (
    <>
      <RatesSwitch checked={rates != null} onChange={(on) => setValue("rates", on ? NEW_RATES : null, { shouldDirty: true })} />
      {rates != null && (
        <>
          <ArrayInput source="rates.size_fees" label="材積運費（本島；未列的材積不收，空白則一律用上方運費）">
            <SimpleFormIterator inline disableReordering>
              <SelectInput source="size" label="材積" choices={SIZE_CHOICES} validate={required("請選擇材積")} />
              <NumberInput source="fee" label="運費（NT$）" min={0} validate={required("請輸入運費")} />
            </SimpleFormIterator>
          </ArrayInput>
          <NumberInput source="rates.max_weight_g" label="重量上限（公克）" min={1} validate={required("請輸入重量上限")} />
          <CheckboxGroupInput source="rates.temperatures" label="可配送溫層" choices={TEMPERATURE_CHOICES} />
          <NumberInput source="rates.chilled_surcharge" label="低溫加價（NT$，冷藏／冷凍）" min={0} />
          <BooleanInput source="rates.outlying" label="配送離島（澎湖、金門、馬祖、綠島、蘭嶼、小琉球）" />
          <NumberInput source="rates.outlying_surcharge" label="離島加價（NT$）" min={0} />
          <BooleanInput source="rates.free_excludes_outlying" label="免運不適用離島" />
        </>
      )}
    </>
  );
}

function RatesSwitch({ checked, onChange }: { checked: boolean; onChange(on: boolean): void }) {
  return (
    <label style={{ display: "flex", alignItems: "center", gap: 8, margin: "8px 0" }}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      依材積、離島與溫層計費（關閉則每件包裹一律上方運費）
    </label>
  );
}

export const ShipMethodEdit = () => (
  <Edit mutationMode="pessimistic" title="編輯配送方式">
    <SimpleForm>
      <TextInput source="name" label="名稱" validate={required("請輸入名稱")} />
      <NumberInput source="fee" label="運費（NT$，最小材積到本島）" min={0} validate={required("請輸入運費")} />
      <NumberInput source="free_threshold" label="免運門檻（NT$，留空為不免運）" min={0} />
      <BooleanInput source="enabled" label="開放" />
      <NumberInput source="sort" label="排序" />
      <RatesInputs />
    </SimpleForm>
  </Edit>
);
