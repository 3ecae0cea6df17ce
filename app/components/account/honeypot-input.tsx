import { HONEYPOT_FIELD } from "#app/rules/account-validation";

/**
 * The honeypot of public forms: off-screen and out of the tab order, so people never fill it;
 * bots that fill every field are refused (app/auth/honeypot.ts).
 */
export function HoneypotInput() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
