import type { Env } from "#app/utils/env.server";

/**
 * The demo admin's sign-in. Outside production the README's documented password applies
 * unless DEMO_ADMIN_PASSWORD says otherwise; production has no default and creates no demo
 * admin without DEMO_ADMIN_PASSWORD.
 * `npm start` and `npm run dev` always pass a generated DEMO_ADMIN_PASSWORD (data/secrets.env);
 * the default serves a seed run by hand in development.
 */
export const DEFAULT_DEMO_ADMIN_PASSWORD = "Demo!Admin2026";

export function demoAdminCredentials(env: Env): { email: string; password: string } | undefined {
  const password = env.DEMO_ADMIN_PASSWORD ?? (env.NODE_ENV === "production" ? undefined : DEFAULT_DEMO_ADMIN_PASSWORD);
  return password ? { email: env.DEMO_ADMIN_EMAIL, password } : undefined;
}
