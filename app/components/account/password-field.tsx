import { useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { ToggleButton } from "react-aria-components";
import { TextField, type TextFieldProps } from "#app/components/ui/text-field";
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
            className="min-w-11 rounded-r-lg px-3 text-sm text-slate-600 data-[hovered]:bg-slate-100"
          >
            <span aria-hidden="true">{visible ? "🙈" : "👁"}</span>
          </ToggleButton>
        </Tooltipped>
      }
    />
  );
}
