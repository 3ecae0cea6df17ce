import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { Link, type LinkProps } from "react-router";

const base =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50";

const variants = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 data-[hovered]:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 data-[hovered]:bg-slate-100",
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClassName(variant: ButtonVariant = "primary", extra = "") {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

/** A button with react-aria's press, focus and keyboard handling. */
export function Button({ variant = "primary", className, ...props }: AriaButtonProps & { variant?: ButtonVariant; className?: string }) {
  return <AriaButton {...props} className={buttonClassName(variant, className)} />;
}

/** A link that looks like a button; navigation stays a link for screen readers. */
export function ButtonLink({ variant = "primary", className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link {...props} className={buttonClassName(variant, className)} />;
}
