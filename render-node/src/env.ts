import { z } from "zod";

/** Render node settings; the node never sees the database, Redis secrets of the studio or the blob store. */
const EnvSchema = z.object({
  RENDER_NODE_HOST: z.string().min(1).default("127.0.0.1"),
  RENDER_NODE_PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65535).default(50051),
});

export type RenderNodeEnv = z.output<typeof EnvSchema>;

/** Validates the node's variables; one message lists every wrong value. */
export function parseRenderNodeEnv(source: Record<string, string | undefined>): RenderNodeEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${String(issue.path[0])}: ${issue.message} (got "${cleaned[String(issue.path[0])]}")`,
  );
  throw new Error(`Invalid render node configuration:\n${lines.join("\n")}`);
}
