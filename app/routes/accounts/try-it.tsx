import { useTranslation } from "#app/components/hooks/use-translation";
import { data, Form, redirect, useNavigation, href } from "react-router";
import { loginPath } from "#app/rules/login-redirect";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { getSessionUser, endSession, startSession } from "#app/auth/session.server";
import { readSessionId } from "#app/auth/session-cookie.server";
import { AuthCard, Notice } from "#app/components/account/auth-card";
import { SubmitOnArrival } from "#app/components/account/auto-submit";
import { Button } from "#app/components/ui/button";
import { createGeneratedAccount } from "#app/models/generated-account.server";
import { db } from "#app/utils/db.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import { redis } from "#app/utils/redis.server";
import type { Route } from "./+types/try-it";

/**
 * /try-it (studio-core.md §2): creates an anonymous try-out account and opens the studio with it.
 * A try-it user goes straight to the studio; a registered user is asked first, because trying
 * logs them out (the spec logs out on arrival; a link should never change state, see ADR 0016).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSessionUser(db, request);
  if (session.status === "active" && session.user.isGenerated) throw redirect(href("/epaper"));
  return {
    metaTitle: getInstance(context).t("tryIt.metaTitle"),
    loggedInAs: session.status === "active" ? session.user.email : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.tryItIp, key: clientIp(request) }]);
  if (limited) return data({ minutes: limited.retryAfterMinutes }, { status: 429, headers: limited.headers });
  const session = await getSessionUser(db, request);
  if (session.status === "active" && session.user.isGenerated) throw redirect(href("/epaper"));
  const sessionId = await readSessionId(request);
  if (sessionId) await endSession({ db, redis }, sessionId, "tryIt");
  let userId: string;
  try {
    ({ userId } = await createGeneratedAccount(db, { locale: getLocale(context) }));
  } catch (error) {
    // studio-core.md §2: when creation fails the user goes to /login.
    console.error("try-it account could not be created:", error);
    throw redirect(loginPath({ notice: "tryItFailed" }));
  }
  throw redirect(href("/epaper"), { headers: { "Set-Cookie": await startSession(db, request, userId) } });
}

export default function TryIt({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  let content: React.ReactNode;
  if (actionData && !busy) content = <Notice tone="error">{t("errors.tooManyAttempts", { minutes: actionData.minutes })}</Notice>;
  else if (loaderData.loggedInAs)
    content = (
      <Form method="POST" className="flex flex-col gap-4">
        <p>{t("tryIt.loggedIn", { email: loaderData.loggedInAs })}</p>
        <Button type="submit" isPending={busy}>
          {t("tryIt.start")}
        </Button>
      </Form>
    );
  else content = <SubmitOnArrival message={t("tryIt.preparing")} />;
  return <AuthCard title={t("tryIt.title")}>{content}</AuthCard>;
}
