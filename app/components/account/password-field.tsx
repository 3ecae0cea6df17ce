import { useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { ToggleButton } from "react-aria-components";
import { TextField, type TextFieldProps } from "#app/components/ui/text-field";
import { EyeIcon, EyeOffIcon } from "#app/components/ui/icons";
import { Tooltipped } from "#app/components/ui/tooltip";

/** A password input with the show/hide toggle of the login, signup and password screens. */
export function PasswordField(props: {
  id: string;
  label: string;
  errors?: string[] | undefined;
  inputProps: TextFieldProps["inputProps"];
  onValueChange?: TextFieldProps["onValueChange"];
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      id={props.id}
      label={props.label}
      errors={props.errors}
      onValueChange={props.onValueChange}
      inputProps={{ ...props.inputProps, type: visible ? "text" : "password" }}
      trailing={
        <Tooltipped label={visible ? t("login.hidePassword") : t("login.showPassword")}>
          <ToggleButton
            isSelected={visible}
            onChange={setVisible}
            aria-label={visible ? t("login.hidePassword") : t("login.showPassword")}
            className="flex min-w-11 items-center justify-center rounded-r-lg px-3 text-slate-600 data-[hovered]:bg-slate-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </ToggleButton>
        </Tooltipped>
      }
    />
  );
}
