import { useTranslation } from "#app/components/hooks/use-translation";
import { Form, href, redirect, useNavigation } from "react-router";
import { consumeToken, EMBEDDED_LOGIN_PURPOSE } from "#app/auth/one-time-token.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { getSessionUser, startSession } from "#app/auth/session.server";
import { AuthCard, Notice } from "#app/components/account/auth-card";
import { SubmitOnArrival } from "#app/components/account/auto-submit";
import { Button, ButtonLink } from "#app/components/ui/button";
import { findEmailLanguage } from "#app/models/profile.server";
import { db } from "#app/utils/db.server";
import { isLocale } from "#app/utils/i18n";
import { getInstance, localeCookie } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/continue";

/**
 * /upload-embedded/continue/:token: the embedded widget's hand-over to the studio in the top
 * window. Like every link that does something, opening it changes nothing; the action logs the
 * widget's try-it user in (first-party cookie) and shows the new ePaper. The page posts by itself
 * only when the widget itself opened it (the browser says the navigation came from the studio's
 * own origin: Sec-Fetch-Site same-origin) and no one is logged in here; otherwise it asks first
 * and says whose session would end, so a link from elsewhere can never silently log a visitor
 * into somebody else's account (issue 16, finding 3; docs/decisions/0027-threat-model.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const fromWidget = request.headers.get("Sec-Fetch-Site") === "same-origin";
  const session = await getSessionUser(db, request);
  const loggedInAs = session.status === "active" ? (session.user.isGenerated ? "" : session.user.email) : null;
  return { metaTitle: getInstance(context).t("embedded.metaTitle"), autoContinue: fromWidget && loggedInAs === null, loggedInAs };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }, { name: "robots", content: "noindex" }];

export async function action({ request, params }: Route.ActionArgs) {
  const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.tokenIp, key: clientIp(request) }]);
  if (limited) return { failed: true };
  const used = await consumeToken(db, { token: params.token, purpose: EMBEDDED_LOGIN_PURPOSE });
  if (!used.ok) return { failed: true };
  const epaperId = new URL(request.url).searchParams.get("epaperId");
  const target = epaperId && /^[a-z0-9]{1,32}$/.test(epaperId) ? `${href("/epaper")}?epaperId=${epaperId}` : href("/epaper");
  const headers = new Headers({ "Set-Cookie": await startSession(db, request, used.userId) });
  // The studio goes on in the language the widget was shown in (the try-it user's language).
  const language = await findEmailLanguage(db, used.userId);
  if (isLocale(language)) headers.append("Set-Cookie", await localeCookie.serialize(language));
  throw redirect(target, { headers });
}

export default function UploadEmbeddedContinue({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pending = useNavigation().state !== "idle";
  let content: React.ReactNode;
  if (actionData?.failed)
    content = (
      <>
        <Notice tone="error">{t("auth.failed.invalid")}</Notice>
        <ButtonLink to={href("/try-it")}>{t("embedded.tryIt")}</ButtonLink>
      </>
    );
  else if (loaderData.autoContinue) content = <SubmitOnArrival message={t("embedded.opening")} />;
  else
    content = (
      <Form method="POST" className="flex flex-col gap-4">
        <p>{t("embedded.confirmText")}</p>
        {loaderData.loggedInAs !== null ? (
          <Notice tone="info">
            {loaderData.loggedInAs ? t("embedded.replacesSession", { email: loaderData.loggedInAs }) : t("embedded.replacesTryIt")}
          </Notice>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink to="/" variant="secondary">
            {t("embedded.cancel")}
          </ButtonLink>
          <Button type="submit" isPending={pending}>
            {t("embedded.continue")}
          </Button>
        </div>
      </Form>
    );
  return <AuthCard title={t("embedded.continueTitle")}>{content}</AuthCard>;
}
