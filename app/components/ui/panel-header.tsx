import { useTranslation } from "#app/components/hooks/use-translation";
import { Button, Heading } from "react-aria-components";
import { CloseIcon } from "./icons.tsx";
import { Tooltipped } from "./tooltip.tsx";

/** The title row of every dialog and drawer: its heading (the accessible name) and the close button. */
export function PanelHeader({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
      <Heading slot="title" level={2} className="text-lg font-bold">
        {title}
      </Heading>
      <Tooltipped label={t("shell.drawer.close")}>
        <Button
          onPress={onClose}
          aria-label={t("shell.drawer.close")}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-600 data-[hovered]:bg-slate-100"
        >
          <CloseIcon />
        </Button>
      </Tooltipped>
    </div>
  );
}
