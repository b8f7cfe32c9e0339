import {
  ArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Datagrid,
  DateTimeInput,
  DeleteButton,
  Edit,
  ImageField,
  ImageInput,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
} from "react-admin";
import { ImageThumb, TaipeiDateField } from "./fields";
import { createAndEdit, ENGLISH_HINT } from "./forms";
import { RichTextInput } from "./richtext";

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
      <ImageInput source="image" label="桌機圖片" inputProps={{ "aria-label": "桌機圖片" }} accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <ImageInput source="image_mobile" label="手機圖片" inputProps={{ "aria-label": "手機圖片" }} accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <TextInput source="link" label="連結（站內路徑，例如 /product/details?id=1）" fullWidth />
      <NumberInput source="sort" label="排序（小的在前）" defaultValue={0} />
      <DateTimeInput source="starts_at" label="開始時間（留空為立即）" />
      <DateTimeInput source="ends_at" label="結束時間（留空為不限）" />
    </SimpleForm>
  );
}
export const Banner = createAndEdit(BannerForm, "橫幅");

export const CategoryList = () => (
  <List exporter={false} pagination={false}>
    <Datagrid bulkActionButtons={false} rowClick="edit">
      <TextField source="id" label="編號" />
      <TextField source="full_name" label="分類" />
      <NumberField source="sort" label="排序" />
      <BooleanField source="show_on_home" label="首頁顯示" />
    </Datagrid>
  </List>
);
function CategoryForm() {
  return (
    <SimpleForm>
      <TextInput source="name" label="分類名稱" validate={required("請輸入分類名稱")} />
      <TextInput source="name_en" label="英文名稱（選填）" helperText={ENGLISH_HINT} />
      <ReferenceInput source="parent_id" reference="categories" filter={{ top: true }}>
        <AutocompleteInput label="上層分類（留空為第一層）" optionText="full_name" />
      </ReferenceInput>
      <ImageInput source="image" label="分類圖片" inputProps={{ "aria-label": "分類圖片" }} accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <NumberInput source="sort" label="排序（小的在前）" defaultValue={0} />
      <BooleanInput source="show_on_home" label="在首頁顯示" />
    </SimpleForm>
  );
}
export const Category = createAndEdit(CategoryForm, "分類");

// News and static pages: rich text, sanitised by the server when saved.
export const NewsList = () => (
  <List exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="title" label="標題" />
      <NumberField source="shop_id" label="商城" />
      <TaipeiDateField source="published_at" label="發布時間" />
      <DeleteButton mutationMode="pessimistic" />
    </Datagrid>
  </List>
);
function NewsForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="標題" validate={required("請輸入標題")} fullWidth />
      <TextInput source="title_en" label="英文標題（選填）" helperText={ENGLISH_HINT} fullWidth />
      <NumberInput source="shop_id" label="商城編號（1 為主商城）" defaultValue={1} min={1} />
      <TextInput source="summary" label="摘要" fullWidth />
      <ImageInput source="image" label="封面圖片" inputProps={{ "aria-label": "封面圖片" }} accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <RichTextInput source="content" label="內容" fullWidth />
      <RichTextInput source="content_en" label="英文內容（選填）" helperText={ENGLISH_HINT} fullWidth />
      <DateTimeInput source="published_at" label="發布時間（晚於現在即為排程）" validate={required("請選擇發布時間")} />
    </SimpleForm>
  );
}
export const News = createAndEdit(NewsForm, "消息");

export const PageList = () => (
  <List exporter={false}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" label="編號" />
      <TextField source="key" label="代碼" />
      <TextField source="title" label="標題" />
      <NumberField source="shop_id" label="商城" />
      <TaipeiDateField source="updated_at" label="更新時間" />
      <DeleteButton mutationMode="pessimistic" />
    </Datagrid>
  </List>
);
function PageForm() {
  return (
    <SimpleForm>
      <TextInput source="title" label="標題" validate={required("請輸入標題")} fullWidth />
      <TextInput source="key" label="代碼（例如 terms、policy、about）" validate={required("請輸入代碼")} />
      <NumberInput source="shop_id" label="商城編號（1 為主商城）" defaultValue={1} min={1} />
      <RichTextInput source="content" label="內容" fullWidth />
    </SimpleForm>
  );
}
export const Page = createAndEdit(PageForm, "頁面");

const promoImages = (source: string, label: string) => (
  <ArrayInput source={source} label={label}>
    <SimpleFormIterator inline>
      <TextInput source="title" label="標題" />
      <ImageInput source="image" label="桌機圖片" inputProps={{ "aria-label": "桌機圖片" }} accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <ImageInput source="image_mobile" label="手機圖片" inputProps={{ "aria-label": "手機圖片" }} accept={{ "image/*": [] }}>
        <ImageField source="src" title="title" />
      </ImageInput>
      <TextInput source="link" label="連結" />
    </SimpleFormIterator>
  </ArrayInput>
);
/** Every home block of one shop on one page: /home_blocks/{shop id}. */
export const HomeBlocksEdit = () => (
  <Edit mutationMode="pessimistic" title="首頁區塊" redirect={false}>
    <SimpleForm>
      <TextInput source="home_title" label="首頁標題" fullWidth />
      <TextInput source="home_description" label="首頁介紹" multiline fullWidth />
      <SelectInput
        source="video.type"
        label="影片類型"
        emptyText="（不顯示影片）"
        choices={[
          { id: "youtube", name: "YouTube" },
          { id: "file", name: "上傳的檔案" },
        ]}
      />
      <TextInput source="video.src" label="影片網址（YouTube 嵌入網址）" fullWidth />
      <TextInput source="video.title" label="影片標題" />
      <ArrayInput source="top_links" label="頂部連結">
        <SimpleFormIterator inline>
          <TextInput source="title" label="名稱" validate={required("請輸入名稱")} />
          <TextInput source="url" label="連結" validate={required("請輸入連結")} />
        </SimpleFormIterator>
      </ArrayInput>
      {promoImages("single_images", "單張廣告圖")}
      {promoImages("twice_images", "雙圖廣告")}
      <ArrayInput source="quick_orders" label="快速下單">
        <SimpleFormIterator inline>
          <NumberInput source="variant_id" label="商品規格編號" validate={required("請輸入規格編號")} />
          <TextInput source="title" label="名稱" validate={required("請輸入名稱")} />
          <ImageInput source="image" label="圖片" inputProps={{ "aria-label": "圖片" }} accept={{ "image/*": [] }}>
            <ImageField source="src" title="title" />
          </ImageInput>
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  </Edit>
);
