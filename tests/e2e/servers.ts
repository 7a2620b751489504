/**
 * The journeys' four servers (playwright.config.ts's globalSetup), started side by side.
 * Playwright's own `webServer` starts its entries one after another, and each boot is a few
 * seconds of one core: four in a row kept the first journey waiting about 30 s (measured).
 * Here they start at once, each is ready when its URL answers, and the teardown stops them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { type FakeStripe, startFakeStripe } from "../../cms/test/stripe-server";
import { HOST_ARGS } from "../../scripts/lib/ensure.mjs";
import { E2E_SESSION_SECRET, E2E_STRIPE_WEBHOOK_SECRET, stripeUrl } from "./support";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tsx = path.join(root, "node_modules", ".bin", "tsx");
/** The host as built (build/host.js, decision 115), as `npm start` runs it. */
const host = [process.execPath, ...HOST_ARGS];

interface Server {
  name: string;
  /** Commands run in order; the last is the server, which keeps running. */
  commands: string[][];
  env: Record<string, string>;
  /** Answers 200 once the server is ready. */
  url: string;
  /** Its standard output is shown (its errors always are). */
  showOutput: boolean;
}

/** What the site's servers share: the session secret, no warm-up, room for many sign-ins. */
const siteEnv = (port: number, dir: string) => ({
  PORT: String(port),
  DATA_DIR: dir,
  NODE_ENV: "test",
  SESSION_SECRET: E2E_SESSION_SECRET,
  // The journeys make the images they show; the background warm-up would only compete for the CPU.
  IMAGE_WARM_UP: "off",
  // The journeys' first visits make the variants their pages name: at effort 0 an AVIF takes a
  // quarter of the default's time (a larger file, still an AVIF really made by sharp).
  IMAGE_AVIF_EFFORT: "0",
  // The form captcha's puzzle at 10 bits, not 18: solved with WebCrypto in the page, 18 bits cost
  // Chromium 3 to 7 s of CPU each time a journey starts on a form (measured); 10 is still solved.
  CAPTCHA_DIFFICULTY: "10",
  // The journeys sign in many times, all from 127.0.0.1: the sign-in limits would stop them.
  AUTH_RATE_LIMIT: "100",
  // A token login's `b` naming the site itself is accepted (decision 047).
  TOKEN_LOGIN_ORIGINS: `http://localhost:${port}`,
  // No balancer to wait for: the teardown's SIGTERM stops it once open requests are answered.
  SHUTDOWN_DRAIN_MS: "0",
});

/** The servers, on E2E_PORT and the three ports after it, with the folders the config chose. */
function servers(): Server[] {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const dir = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run the journeys through playwright.config.ts`);
    return value;
  };
  return [
    {
      name: "site",
      commands: [host],
      env: siteEnv(port, dir("E2E_DATA_DIR")),
      url: `http://localhost:${port}/healthz`,
      showOutput: true,
    },
    {
      // An upstream that refuses connections: seeded pages must still serve, others get the 503 page.
      name: "offline",
      commands: [host],
      env: {
        PORT: String(port + 1),
        DATA_DIR: `${dir("E2E_DATA_DIR")}-offline`,
        NODE_ENV: "test",
        CMS_API_URL: "http://127.0.0.1:9",
        IMAGE_WARM_UP: "off",
        UPSTREAM_TIMEOUT_MS: "3000",
        SHUTDOWN_DRAIN_MS: "0",
      },
      url: `http://localhost:${port + 1}/robots.txt`,
      showOutput: false,
    },
    {
      // The shop switched on (issue 15) the way an operator does it, then the site on that database,
      // taking its money through Stripe Checkout: the official SDK against the Stripe-shaped server
      // (cms/test/stripe-server.ts), which sends its signed webhooks back to this server.
      name: "shop",
      commands: [[tsx, "cms/settings-cli.ts", "set", "ecommerce", "true"], host],
      env: {
        ...siteEnv(port + 2, dir("E2E_SHOP_DATA_DIR")),
        PAYMENT_GATEWAY: "stripe",
        STRIPE_SECRET_KEY: "sk_test_dovetail_journeys",
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripeUrl(),
      },
      url: `http://localhost:${port + 2}/healthz`,
      showOutput: true,
    },
    {
      name: "back-office",
      commands: [host],
      env: siteEnv(port + 3, dir("E2E_BACK_OFFICE_DATA_DIR")),
      url: `http://localhost:${port + 3}/healthz`,
      showOutput: true,
    },
  ];
}

/** Prints a child's output line by line, each line named by its server. */
function relay(child: ChildProcess, name: string, showOutput: boolean) {
  const pipe = (stream: NodeJS.ReadableStream | null, to: NodeJS.WriteStream) => {
    let rest = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) to.write(`[${name} server] ${line}\n`);
    });
  };
  if (showOutput) pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
}

/** Runs a command to its end; rejects when it fails. */
function run(server: Server, command: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, env: { ...process.env, ...server.env } });
    relay(child, server.name, true);
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${server.name}: ${command.join(" ")} exited with ${code}`)),
    );
  });
}

async function isUp(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

const TIMEOUT_MS = 180_000;

/** Starts a server (after its other commands) and resolves once its URL answers. */
async function start(server: Server, started: ChildProcess[]) {
  if (await isUp(server.url)) throw new Error(`${server.url} already answers: stop that server first`);
  for (const command of server.commands.slice(0, -1)) await run(server, command);
  const [cmd, ...args] = server.commands.at(-1)!;
  // Its own process group, so the teardown stops the server and anything it started.
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...server.env }, detached: true });
  started.push(child);
  relay(child, server.name, server.showOutput);
  const exited = new Promise<never>((_, reject) =>
    child.on("exit", (code) => reject(new Error(`the ${server.name} server exited with ${code} before it answered`))),
  );
  const deadline = Date.now() + TIMEOUT_MS;
  const ready = (async () => {
    while (child.exitCode === null && child.signalCode === null && !(await isUp(server.url))) {
      if (Date.now() > deadline) throw new Error(`the ${server.name} server did not answer ${server.url} in time`);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  // Once it answers, its exit (the teardown's doing) is no failure.
  exited.catch(() => {});
  await Promise.race([ready, exited]);
}

function stop(children: ChildProcess[]) {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = (signal: NodeJS.Signals) => {
            try {
              process.kill(-child.pid!, signal);
            } catch {
              // Already gone.
            }
          };
          const hard = setTimeout(() => kill("SIGKILL"), 10_000);
          child.on("exit", () => {
            clearTimeout(hard);
            resolve();
          });
          kill("SIGTERM");
        }),
    ),
  );
}

export default async function startServers() {
  const started: ChildProcess[] = [];
  const port = Number(process.env.E2E_PORT ?? 3100);
  const stripe: FakeStripe = await startFakeStripe(
    {
      webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
      webhookUrl: `http://localhost:${port + 2}/api/v1/cognito/payment/notify`,
    },
    Number(new URL(stripeUrl()).port),
  );
  // Should the runner itself be stopped, the servers go with it.
  const onExit = () => {
    for (const child of started) {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  };
  process.on("exit", onExit);
  try {
    await Promise.all(servers().map((server) => start(server, started)));
  } catch (error) {
    await stop(started);
    await stripe.close();
    throw error;
  }
  return async () => {
    await stop(started);
    await stripe.close();
    process.off("exit", onExit);
  };
}
