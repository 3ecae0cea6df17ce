import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A Conform form checked by its Zod schema the way every studio form is: constraints from the
 * schema, first check on submit (the submit button is never disabled; focus moves to the first
 * field with an error), then again on every input, the server's result shown
 * as it comes (`lastResult`). One place for the forms of accounts, profile, folders and settings.
 */
export function useSchemaForm<Schema extends z.ZodObject>(options: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Partial<z.input<Schema>>;
  /** false: no HTML constraints (maxlength would stop typing before the message can say why). */
  constraint?: boolean;
}) {
  const { schema } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: options.constraint === false ? undefined : getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
}
