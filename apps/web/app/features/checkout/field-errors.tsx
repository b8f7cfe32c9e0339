/**
 * Marks the inputs the last submit found invalid (`field`) and shows their messages (`err`),
 * each message tied to its input for screen readers (the summary by the order button is the
 * one announced).
 */
export function fieldErrors(errors: Record<string, string>) {
  const id = (name: string) => `error-${name.replace(/[^\w-]/g, "-")}`;
  return {
    field: (name: string) =>
      errors[name] ? { "aria-invalid": true as const, "aria-describedby": id(name) } : { "aria-invalid": undefined },
    err: (name: string) =>
      errors[name] ? (
        <p id={id(name)} className="field-error">
          {errors[name]}
        </p>
      ) : null,
  };
}
