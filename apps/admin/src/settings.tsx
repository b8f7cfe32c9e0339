import {
  BooleanField,
  BooleanInput,
  Datagrid,
  Edit,
  List,
  NumberField,
  NumberInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
} from "react-admin";
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
export const ShipMethodEdit = () => (
  <Edit mutationMode="pessimistic" title="編輯配送方式">
    <SimpleForm>
      <TextInput source="name" label="名稱" validate={required("請輸入名稱")} />
      <NumberInput source="fee" label="運費（NT$）" min={0} validate={required("請輸入運費")} />
      <NumberInput source="free_threshold" label="免運門檻（NT$，留空為不免運）" min={0} />
      <BooleanInput source="enabled" label="開放" />
      <NumberInput source="sort" label="排序" />
    </SimpleForm>
  </Edit>
);
