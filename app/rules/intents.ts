import { z } from "zod";
import { AppError } from "#app/errors/app-error";

/**
 * The intents of a multi-intent action, declared once as a Zod discriminated union on `intent`:
 * one branch per intent, with the fields that intent needs. The route parses its form with it
 * (parseIntent) and exports it as `intents`, so the authorization matrix can list every intent
 * of every route (intentNames). A branch whose form Conform validates on its own is a loose
 * object with just its `intent`.
 */
export type IntentBranch = z.ZodObject<{ intent: z.ZodLiteral<string> } & z.ZodRawShape>;
export type IntentUnion = z.ZodDiscriminatedUnion<IntentBranch[], "intent">;

/** A branch for an intent whose fields are checked later (by the intent's own Conform schema). */
export const bareIntent = <const N extends string>(name: N) => z.looseObject({ intent: z.literal(name) });

/** The intent names of a union, in declaration order. */
export function intentNames(schema: IntentUnion): string[] {
  return schema.options.map((branch) => String(branch.shape.intent.value));
}

/**
 * The submitted intent with its fields, or a 400 'This request is not valid.' for a missing or
 * unknown intent or a field its branch refuses. `fallback` names the intent of a form that is
 * submitted without one (Enter in a single-button form).
 */
export function parseIntent<S extends IntentUnion>(formData: FormData, schema: S, options: { fallback?: string } = {}): z.output<S> {
  const values: Record<string, FormDataEntryValue> = Object.fromEntries(formData);
  if (values.intent === undefined && options.fallback) values.intent = options.fallback;
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new AppError("errors.invalidRequest", { status: 400, detail: `invalid intent: ${parsed.error.message}` });
  return parsed.data;
}
