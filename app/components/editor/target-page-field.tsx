import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { href } from "react-router";
import { clampPageNumber, type EditorPage } from "#app/rules/editor-pages";
import { TextInput } from "#app/components/ui/fields";

/**
 * The target page of an internal link (§4: 'internal link needs a target page'): the user types a
 * page number (clamped to 1..page count, §5), the editor looks the page up (§7 'Page lookup') and
 * keeps its id; until a page is found the link has no target.
 */
export function TargetPageField(props: {
  epaperId: string;
  pageCount: number;
  initialNumber: number | null;
  onChange: (pageId: string | null) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.initialNumber === null ? "" : String(props.initialNumber));
  const [found, setFound] = useState<number | null>(props.initialNumber);
  const { epaperId, pageCount, onChange } = props;
  useEffect(() => {
    const trimmed = text.trim();
    if (!/^\d+$/.test(trimmed)) return;
    const number = clampPageNumber(Number(trimmed), pageCount);
    if (number === found) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const url = `${href("/epaper/:epaperId/pages", { epaperId })}?page=${number}`;
        const response = await fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } });
        const body = (await response.json()) as { page: EditorPage | null } | null;
        if (!body?.page) return;
        setFound(body.page.number);
        setText(String(body.page.number));
        onChange(body.page.id);
      } catch {
        // A failed lookup keeps the last target; the field's error says when there is none.
      }
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, pageCount, epaperId, found, onChange]);
  return (
    <TextInput
      label={`${t("media.fields.targetPage")} (1–${pageCount})`}
      inputMode="numeric"
      value={text}
      onChange={(next) => {
        setText(next);
        if (next.trim() === "") {
          setFound(null);
          onChange(null);
        }
      }}
      description={found !== null ? t("media.fields.targetPageChosen", { page: found }) : undefined}
      error={props.error}
    />
  );
}
