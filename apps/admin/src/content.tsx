import {
  Create,
  Datagrid,
  DateTimeInput,
  DeleteButton,
  Edit,
  ImageField,
  ImageInput,
  List,
  NumberField,
  NumberInput,
  required,
  SimpleForm,
  TextField,
  TextInput,
} from "react-admin";
import { ImageThumb, TaipeiDateField } from "./fields";

export const BannerList = () => (
  <List sort={{ field: "sort", order: "ASC" }} exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <ImageThumb source="image" label="圖片" />
      <TextField source="title" label="標題" />
      <NumberField source="shop_id" label="商城" />
      <TextField source="link" label="連結" />
      <NumberField source="sort" label="排序" />
      <TaipeiDateField source="starts_at" label="開始" />
      <TaipeiDateField source="ends_at" label="結束" />
      <DeleteButton mutationMode="pessimistic" />
    </Datagrid>
  </List>
);

function BannerForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="標題" validate={required("請輸入標題")} fullWidth />
      <NumberInput source="shop_id" label="商城編號（1 為主商城）" defaultValue={1} min={1} />
      <ImageInput source="image" label="桌機圖片" accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <ImageInput source="image_mobile" label="手機圖片" accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <TextInput source="link" label="連結（站內路徑，例如 /product/details?id=1）" fullWidth />
      <NumberInput source="sort" label="排序（小的在前）" defaultValue={0} />
      <DateTimeInput source="starts_at" label="開始時間（留空為立即）" />
      <DateTimeInput source="ends_at" label="結束時間（留空為不限）" />
    </SimpleForm>
  );
}
export const BannerCreate = () => (
  <Create redirect="list" title="新增橫幅">
    <BannerForm />
  </Create>
);
export const BannerEdit = () => (
  <Edit mutationMode="pessimistic" title="編輯橫幅">
    <BannerForm />
  </Edit>
);

export const CategoryList = () => (
  <List exporter={false} pagination={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" label="編號" />
      <TextField source="full_name" label="分類" />
      <NumberField source="sort" label="排序" />
    </Datagrid>
  </List>
);
