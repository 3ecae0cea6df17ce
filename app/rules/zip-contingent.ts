/**
 * The zip contingent rules of studio-core.md §4 "Zip publishing", as one pure decision shared by
 * the card (which dialog to show) and the server (which re-checks before charging):
 * - a zip whose post-processing time has not expired is republished without cost;
 * - a contingent of -1 is unlimited: nothing is counted;
 * - a contingent of 0 offers to order (payment redirect with order type and ePaper id);
 * - otherwise the user confirms that the contingent is reduced by one.
 */
export type ZipDecision =
  | { kind: "free"; until: Date }
  | { kind: "unlimited" }
  | { kind: "order" }
  | { kind: "confirm"; contingent: number };

/** Post-processing time when neither the account nor the preferences set one: 40 days. */
export const DEFAULT_ZIP_POST_PROCESSING_HOURS = 40 * 24;

export function zipDecision(input: { contingent: number; postProcessingUntil: Date | null; now: Date }): ZipDecision {
  if (input.postProcessingUntil && input.postProcessingUntil.getTime() > input.now.getTime())
    return { kind: "free", until: input.postProcessingUntil };
  if (input.contingent === -1) return { kind: "unlimited" };
  if (input.contingent <= 0) return { kind: "order" };
  return { kind: "confirm", contingent: input.contingent };
}
