/**
 * One instance per process, even when Vite reloads modules in development: pools and
 * connections live on globalThis so a reload reuses them instead of leaking a new one.
 */
export function remember<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __remembered?: Map<string, unknown> };
  store.__remembered ??= new Map();
  if (!store.__remembered.has(name)) store.__remembered.set(name, create());
  return store.__remembered.get(name) as T;
}
