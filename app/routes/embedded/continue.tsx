import { useTranslation } from "react-i18next";
import { redirect, href } from "react-router";
import { consumeToken, EMBEDDED_LOGIN_PURPOSE } from "#app/auth/one-time-token.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { startSession } from "#app/auth/session.server";
import { AuthCard, Notice } from "#app/components/account/auth-card";
import { AutoSubmit } from "#app/components/account/auto-submit";
import { ButtonLink } from "#app/components/ui/button";
import { findEmailLanguage } from "#app/models/profile.server";
import { db } from "#app/utils/db.server";
import { isLocale } from "#app/utils/i18n";
import { getInstance, localeCookie } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/continue";

/**
 * /upload-embedded/continue/:token: the embedded widget's hand-over to the studio in the top
 * window. Like every link that does something, opening it changes nothing; the page posts at once
 * and the action logs the widget's try-it user in (first-party cookie) and shows the new ePaper.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { metaTitle: getInstance(context).t("embedded.metaTitle") };
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

export default function UploadEmbeddedContinue({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("embedded.continueTitle")}>
      {actionData?.failed ? (
        <>
          <Notice tone="error">{t("auth.failed.invalid")}</Notice>
          <ButtonLink to={href("/try-it")}>{t("embedded.tryIt")}</ButtonLink>
        </>
      ) : (
        <AutoSubmit delayMs={0} message={t("embedded.opening")} />
      )}
    </AuthCard>
  );
}
