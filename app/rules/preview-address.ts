/**
 * Where a preview lives on the content origin: `/preview/<hash>/` redirects to the current
 * revision (content-server.server.ts serves it). The studio's preview dialog frames it.
 */
export const previewAddress = (contentUrl: string, hash: string) => `${contentUrl}/preview/${hash}/`;
