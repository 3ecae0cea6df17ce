import { Ajv, type ErrorObject } from "ajv";

/**
 * Validates a system preference's JSON against its schema (studio-admin.md §5). `attrs` is the
 * spec's extra keyword: `{ min, max }` bounds for a number, with the spec's messages.
 */
const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addKeyword({
  keyword: "attrs",
  type: "number",
  schemaType: "object",
  errors: true,
  validate: function validateAttrs(this: unknown, bounds: { min?: number; max?: number }, value: number) {
    const self = validateAttrs as typeof validateAttrs & { errors?: Partial<ErrorObject>[] };
    self.errors = [];
    if (bounds.min !== undefined && value < bounds.min)
      self.errors.push({ keyword: "attrs", message: `${value} doesn't match minimum requirement of ${bounds.min}`, params: bounds });
    if (bounds.max !== undefined && value > bounds.max)
      self.errors.push({ keyword: "attrs", message: `${value} doesn't match maximum requirement of ${bounds.max}`, params: bounds });
    return self.errors.length === 0;
  },
});

export type PreferenceIssue = { path: string; message: string };
export type PreferenceValidation = { valid: true } | { valid: false; message: string; issues: PreferenceIssue[] };

/** Checks a value against a preference schema; errors are joined as 'path: message'. */
export function validatePreference(schema: object, value: unknown): PreferenceValidation {
  const validate = ajv.compile(schema);
  if (validate(value)) return { valid: true };
  const issues = (validate.errors ?? []).map((e) => ({ path: e.instancePath || "/", message: e.message ?? "is not valid" }));
  return { valid: false, message: issues.map((issue) => `${issue.path}: ${issue.message}`).join("\n"), issues };
}
