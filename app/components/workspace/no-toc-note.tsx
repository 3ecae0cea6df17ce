import { useTranslation } from "#app/components/hooks/use-translation";

/**
 * Said in every publish dialog when the publication will have no table of contents (issue 46):
 * switched off, or no entry shown. Where to change it is named; nothing is blocked.
 */
export function NoTocNote(props: { tocShown: boolean }) {
  const { t } = useTranslation();
  if (props.tocShown) return null;
  return (
    <p className="rounded-lg bg-slate-50 p-2 text-sm text-slate-700" data-testid="no-toc-note">
      {t("publish.noToc")}
    </p>
  );
}
