import type { TranslationKey } from "#app/locales/translation-key";

/**
 * A refusal the user can understand and act on ('this ePaper is being processed', 'not found'):
 * an action that throws it answers its status with its message as a toast (error-messages.ts),
 * never the 500 page. Subclasses name the situation; `messageKey` is a full translation key.
 */
export class ExpectedError extends Error {
  readonly messageKey: TranslationKey;
  readonly status: number;
  readonly params: Record<string, string | number>;

  constructor(messageKey: TranslationKey, options: { status?: number; params?: Record<string, string | number>; detail?: string } = {}) {
    super(options.detail ?? messageKey);
    this.messageKey = messageKey;
    this.status = options.status ?? 400;
    this.params = options.params ?? {};
  }
}
