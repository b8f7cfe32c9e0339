import { Create, Edit } from "react-admin";

/** Under each English field (decision 109): the storefront's English pages show it, else the Chinese. */
export const ENGLISH_HINT = "英文版網站顯示；留空則顯示中文";

/** Create and Edit share one form; the title says which. */
export const createAndEdit = (Form: () => React.JSX.Element, what: string) => ({
  create: () => (
    <Create redirect="list" title={`新增${what}`}>
      <Form />
    </Create>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic" title={`編輯${what}`}>
      <Form />
    </Edit>
  ),
});
