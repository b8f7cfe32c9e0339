import { Create, Edit } from "react-admin";

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
