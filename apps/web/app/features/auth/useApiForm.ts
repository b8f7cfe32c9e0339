import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { type ApiResult, fieldErrors } from "../../lib/api";
import { useAlerts } from "../../ui/alerts";

/**
 * react-hook-form with the contract's zod schema (the same one the server applies), plus
 * the mapping of a server answer's field errors back onto the inputs.
 */
export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    // Errors appear on submit, then update as the shopper types. Validating on blur made messages
    // appear between a press and its release, moving the button away from the finger (a lost tap).
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const alerts = useAlerts();
  const [pending, setPending] = useState(false);

  /** Runs a call; on failure shows field errors inline, or the message in the 錯誤 dialog. */
  async function submitTo<T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T> | undefined> {
    setPending(true);
    try {
      const result = await call();
      if (result.status) return result;
      const errors = fieldErrors(result);
      const known = Object.entries(errors).filter(([field]) => field in (form.getValues() as object));
      for (const [field, message] of known) form.setError(field as Path<z.input<S>>, { message });
      if (known.length === 0) await alerts.error(result.message);
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { form, pending, submitTo, alerts };
}
