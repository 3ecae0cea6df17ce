import { checkHealth } from "#app/utils/health.server";

/** For load balancers and operators: 200 when MySQL and Redis answer, 503 otherwise. */
export async function loader() {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
