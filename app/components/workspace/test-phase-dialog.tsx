import { useTranslation } from "#app/components/hooks/use-translation";
import { Form, href } from "react-router";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";

/** The form intent of 'cancel' in the test-phase dialog (handled by the /epaper action). */
export const END_TEST_PHASE_INTENT = "endTestPhase";

/**
 * 'Test phase expired' (studio-core.md §4): the try-it user signs up (keeping everything) or
 * cancels, which deletes the ePapers and ends the test. Escape postpones the question to the next
 * page load; the storage time still ends the account.
 */
export function TestPhaseDialog(props: { isOpen: boolean; onOpenChange: (open: boolean) => void; onSignup: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={props.isOpen} onOpenChange={props.onOpenChange} title={t("testPhase.title")} maxWidth="480px" role="alertdialog">
      <p className="mb-5 text-slate-700">{t("testPhase.text")}</p>
      <Form method="POST" action={href("/epaper")} className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="submit" name="intent" value={END_TEST_PHASE_INTENT} variant="secondary">
          {t("testPhase.cancel")}
        </Button>
        <Button onPress={props.onSignup}>{t("testPhase.signup")}</Button>
      </Form>
    </Dialog>
  );
}
