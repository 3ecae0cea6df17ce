import { useTranslation } from "#app/components/hooks/use-translation";
import { data, redirect, useNavigation, href } from "react-router";
import { type DeactivateEmailType, tokenPurposeFor } from "#app/auth/one-time-token.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { endSession } from "#app/auth/session.server";
import { destroySessionHeader, readSessionId } from "#app/auth/session-cookie.server";
import { AuthCard, Notice } from "#app/components/account/auth-card";
import { TokenCheck } from "#app/components/account/auto-submit";
import { ButtonLink } from "#app/components/ui/button";
import { redeemDeactivateEmailToken } from "#app/models/token-flows.server";
import { db } from "#app/utils/db.server";
import { getInstance } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/deactivate-email";

function notificationOf(params: { authType: string }): DeactivateEmailType {
  if (!tokenPurposeFor("deactivate-email", params.authType)) throw redirect(href("/page-not-found"));
  return params.authType as DeactivateEmailType;
}

export function loader({ params, context }: Route.LoaderArgs) {
  notificationOf(params);
  return { metaTitle: getInstance(context).t("deactivateEmail.metaTitle") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }, { name: "robots", content: "noindex" }];

/** Switches the notification off and logs this browser out (studio-core.md §4). */
export async function action({ request, params }: Route.ActionArgs) {
  const type = notificationOf(params);
  const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.tokenIp, key: clientIp(request) }]);
  if (limited) return data({ ok: false as const, reason: "limited" as const, minutes: limited.retryAfterMinutes }, { status: 429 });
  const result = await redeemDeactivateEmailToken(db, type, params.token);
  if (!result.ok) return data({ ok: false as const, reason: result.reason, minutes: 0 }, { status: 400 });
  const sessionId = await readSessionId(request);
  if (sessionId) await endSession({ db, redis }, sessionId, "deactivateEmail");
  return data({ ok: true as const, type }, { headers: { "Set-Cookie": await destroySessionHeader() } });
}

export default function DeactivateEmail({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  let content: React.ReactNode;
  if (!actionData || navigation.state !== "idle") content = <TokenCheck message={t("deactivateEmail.working")} />;
  else if (actionData.ok)
    content = (
      <>
        <Notice tone="success">{t("deactivateEmail.done", { notification: t(`deactivateEmail.notifications.${actionData.type}`) })}</Notice>
        <ButtonLink to={href("/login")}>{t("auth.toLogin")}</ButtonLink>
      </>
    );
  else
    content = (
      <>
        <Notice tone="error">
          {actionData.reason === "limited"
            ? t("errors.tooManyAttempts", { minutes: actionData.minutes })
            : t(`auth.failed.${actionData.reason}`)}
        </Notice>
        <ButtonLink to={href("/epaper")} variant="secondary">
          {t("auth.backToStudio")}
        </ButtonLink>
      </>
    );
  return <AuthCard title={t("deactivateEmail.title")}>{content}</AuthCard>;
}
