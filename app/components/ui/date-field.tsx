import { type CalendarDate, parseDate } from "@internationalized/date";
import { DateField as AriaDateField, DateInput, DateSegment, I18nProvider, Label } from "react-aria-components";
import { useRef } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";

/**
 * The locale whose numeric date order is the studio's (issue 46 item 20, `formatDate`):
 * dd.mm.yyyy in German, yyyy-mm-dd in English (Canadian English writes ISO order; its segment
 * names are English). A native date input would follow the browser's own locale instead.
 */
const DATE_LOCALE: Record<string, string> = { de: "de-DE", en: "en-CA" };

const box =
  "flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-base focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/40 data-[invalid]:border-red-600 data-[disabled]:bg-slate-50 data-[disabled]:text-slate-500";

const toDate = (iso: string | undefined) => {
  if (!iso) return null;
  try {
    return parseDate(iso.slice(0, 10));
  } catch {
    return null;
  }
};

/**
 * A day chosen by keyboard or typing, one segment per part, in the studio language's order. With
 * `name` it takes part in a plain form (a hidden field with the ISO day, `yyyy-mm-dd`);
 * `onCommit` hears the day the user leaves it with.
 */
export function DayField(props: {
  label: string;
  /** The label is read, not shown (a table cell names its own column). */
  labelHidden?: boolean;
  name?: string;
  defaultValue?: string;
  min?: string;
  isDisabled?: boolean;
  /** The id of the message that makes the field invalid. */
  errorId?: string;
  /** Called when focus leaves the field with a day other than the one it had (null: cleared). */
  onCommit?: (iso: string | null) => void;
  className?: string;
}) {
  const { i18n } = useTranslation();
  const { onCommit } = props;
  // Typing a year passes through 0002, 0020, 0202: only the day the user leaves the field with counts.
  const latest = useRef<string | null>(toDate(props.defaultValue)?.toString() ?? null);
  const committed = useRef(latest.current);
  return (
    <I18nProvider locale={DATE_LOCALE[i18n.language] ?? "en-CA"}>
      <AriaDateField
        name={props.name}
        defaultValue={toDate(props.defaultValue)}
        minValue={toDate(props.min) ?? undefined}
        isDisabled={props.isDisabled}
        isInvalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
        aria-label={props.labelHidden ? props.label : undefined}
        granularity="day"
        shouldForceLeadingZeros
        onChange={(value: CalendarDate | null) => {
          latest.current = value ? value.toString() : null;
        }}
        onBlur={() => {
          if (!onCommit || latest.current === committed.current) return;
          committed.current = latest.current;
          onCommit(latest.current);
        }}
        className={`flex flex-col gap-1 ${props.className ?? ""}`}
      >
        {props.labelHidden ? null : <Label className="text-sm text-slate-700">{props.label}</Label>}
        <DateInput className={box}>
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 tabular-nums outline-none data-[placeholder]:text-slate-500 data-[type=literal]:px-0 focus:bg-brand-600 focus:text-white"
            />
          )}
        </DateInput>
      </AriaDateField>
    </I18nProvider>
  );
}
