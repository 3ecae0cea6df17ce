/**
 * The header the studio's Express server sets on every request to the client address it
 * trusts (the socket address, or what TRUST_PROXY allows Express to read from proxy headers).
 * Express overwrites it, so a client cannot choose it.
 */
export const CLIENT_IP_HEADER = "x-epaper-client-ip";
