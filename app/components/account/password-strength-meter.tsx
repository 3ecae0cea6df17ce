import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PasswordStrengthEstimator } from "#app/rules/account-validation";
import type { PasswordStrength } from "#app/rules/password-strength";

/**
 * Loads the strength estimator (large dictionaries) only on pages that set a password, after the
 * page is interactive. Until it has loaded the browser skips the strength rule; the server
 * always checks it.
 */
export function usePasswordEstimator(): PasswordStrengthEstimator | null {
  const [estimator, setEstimator] = useState<PasswordStrengthEstimator | null>(null);
  useEffect(() => {
    let active = true;
    void import("#app/rules/password-strength").then((module) => {
      if (active) setEstimator(() => module.passwordStrength);
    });
    return () => {
      active = false;
    };
  }, []);
  return estimator;
}

const LEVEL_STYLES: Record<PasswordStrength, string> = {
  0: "bg-red-600",
  1: "bg-amber-500",
  2: "bg-lime-600",
  3: "bg-emerald-600",
};

/** Four bars and a word for the strength (0 to 3) of the password typed so far. */
export function PasswordStrengthMeter(props: {
  password: string;
  userInputs: readonly string[];
  estimator: PasswordStrengthEstimator | null;
}) {
  const { t } = useTranslation();
  const { password, estimator } = props;
  if (!password || !estimator) return null;
  const strength = estimator(password, props.userInputs);
  return (
    <div className="-mt-2 flex items-center gap-3" data-testid="password-strength" data-strength={strength}>
      <div className="flex flex-1 gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((bar) => (
          <span key={bar} className={`h-1.5 flex-1 rounded-full ${bar <= strength ? LEVEL_STYLES[strength] : "bg-slate-200"}`} />
        ))}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t("signup.strengthLabel")}: {t(`signup.strength.${strength}`)}
      </p>
    </div>
  );
}
