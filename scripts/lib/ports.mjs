// Loopback ports for the servers the scripts start.
import net from "node:net";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port free on `host` now (the system's choice). */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on host:port now. */
export function accepting(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/** Waits until host:port accepts connections: true, or false after `tries` × 50 ms or once `gone()`. */
export async function waitForPort(port, host = "127.0.0.1", { tries = 100, gone = () => false } = {}) {
  for (let i = 0; i < tries && !gone(); i++) {
    if (await accepting(port, host)) return true;
    await sleep(50);
  }
  return false;
}
