import net from "node:net";

/**
 * A TCP proxy in front of a service (MariaDB here) that a fault test can cut: while cut, every
 * open connection is torn down and new ones are refused, exactly what clients see of a server
 * that stopped; `restore` lets them in again. The network fault injection of toxiproxy, in-process.
 */
export type FaultProxy = { port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> };

export async function startFaultProxy(options: { port: number; targetPort: number; targetHost?: string }): Promise<FaultProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = net.createServer((client) => {
        const upstream = net.connect(options.targetPort, options.targetHost ?? "127.0.0.1");
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      created.once("error", reject);
      created.listen(options.port, "127.0.0.1", () => {
        server = created;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return { port: options.port, cut: stop, restore: listen, close: stop };
}
