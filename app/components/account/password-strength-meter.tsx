import { useTranslation } from "#app/components/hooks/use-translation";
import { type PasswordStrengthAnswers, useServerStrength } from "#app/components/hooks/use-password-strength";
import type { PasswordStrength } from "#app/rules/password-strength";

const LEVEL_STYLES: Record<PasswordStrength, string> = {
  0: "bg-red-600",
  1: "bg-amber-500",
  2: "bg-lime-600",
  3: "bg-emerald-600",
};

/**
 * Four bars and a word for the strength (0 to 3) of the password typed so far, as the server
 * estimates it (useServerStrength). While it is asking, the previous answer stays (marked busy);
 * when the server cannot answer, a line says that the strength is checked on sending.
 */
export function PasswordStrengthMeter(props: {
  password: string;
  userInputs: readonly string[];
  answers: PasswordStrengthAnswers;
  /** An answer for the current password arrived: the form checks the strength rule again. */
  onAnswer?: () => void;
}) {
  const { t } = useTranslation();
  const estimate = useServerStrength(props.answers, props.password, props.userInputs, props.onAnswer);
  if (estimate.status === "none") return null;
  if (estimate.status === "unavailable") {
    return (
      <p className="-mt-2 text-sm text-slate-600" data-testid="password-strength-unavailable">
        {t("signup.strengthUnavailable")}
      </p>
    );
  }
  const { strength } = estimate;
  const pending = estimate.status === "pending";
  return (
    <div
      className="-mt-2 flex items-center gap-3"
      data-testid="password-strength"
      data-strength={strength ?? undefined}
      data-pending={pending || undefined}
      aria-busy={pending || undefined}
    >
      <div className="flex flex-1 gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((bar) => (
          <span
            key={bar}
            className={`h-1.5 flex-1 rounded-full ${strength !== null && bar <= strength ? LEVEL_STYLES[strength] : "bg-slate-200"}`}
          />
        ))}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t("signup.strengthLabel")}: {strength === null ? "…" : t(`signup.strength.${strength}`)}
      </p>
    </div>
  );
}
