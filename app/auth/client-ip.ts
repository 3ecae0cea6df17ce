/**
 * The header the studio's Express server sets on every request to the client address it
 * trusts (the socket address, or what TRUST_PROXY allows Express to read from proxy headers).
 * Express overwrites it, so a client cannot choose it.
 */
export const CLIENT_IP_HEADER = "x-epaper-client-ip";

/**
 * The client address of a request to one of our Node servers (the content origin): the one
 * Express vouched for in CLIENT_IP_HEADER (TRUST_PROXY decides whether proxy headers count, as
 * for the studio), else the socket's address. Never a header the client chose: where Express
 * stands in front, it overwrites CLIENT_IP_HEADER on every request.
 */
export function trustedClientIp(req: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } }) {
  const vouched = req.headers[CLIENT_IP_HEADER];
  const address = (typeof vouched === "string" && vouched.trim()) || req.socket.remoteAddress || "unknown";
  // Bounded as rate-limit.server.ts bounds it (45 characters, enough for IPv6).
  return address.trim().slice(0, 45);
}
