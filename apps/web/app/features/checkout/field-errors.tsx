/** Marks the inputs the last submit found invalid (`field`) and shows their messages (`err`). */
export function fieldErrors(errors: Record<string, string>) {
  return {
    field: (name: string) => ({ "aria-invalid": errors[name] ? true : undefined }),
    err: (name: string) =>
      errors[name] ? (
        <p className="field-error" role="alert">
          {errors[name]}
        </p>
      ) : null,
  };
}
