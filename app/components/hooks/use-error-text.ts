import { useTranslation } from "#app/components/hooks/use-translation";
import { validationMessageParams } from "#app/rules/account-validation";

/**
 * Turns Conform's error keys into texts: field errors are keys under `validation.`, form errors
 * full keys (pass prefix ""). `params` adds what only the server knows (an address, minutes).
 */
export function useErrorText(params: Record<string, unknown> = {}) {
  const { t } = useTranslation();
  return (keys: string[] | undefined, prefix = "validation.") =>
    keys?.map((key) => t(`${prefix}${key}` as never, { ...validationMessageParams(key), ...params }) as string);
}
