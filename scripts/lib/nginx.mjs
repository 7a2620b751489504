// nginx on loopback, where it is installed: in front of several site instances, for the checks
// that run them as a deployment would (scripts/instances-check.mjs: the `location /` of
// docs/deployment.md's balancer), or serving one page's bytes as a file (`npm run bench`'s floor).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { isRoot } from "./ensure.mjs";
import { freePort, waitForPort } from "./ports.mjs";
import { supervise } from "./supervise.mjs";

/** nginx's path: `/usr/sbin/nginx`, or one on PATH; null when it is not installed. */
export function findNginx() {
  if (existsSync("/usr/sbin/nginx")) return "/usr/sbin/nginx";
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** The configuration: docs/deployment.md's upstream and location, listening on `port`. */
export function nginxConfig({ dir, host, port, instances }) {
  const servers = instances.map((i) => `    server ${i} max_fails=1 fail_timeout=10s;`).join("\n");
  return frame(
    dir,
    `  upstream dovetail {
${servers}
    keepalive 32;
    keepalive_timeout 5s;
  }
  server {
    listen ${host}:${port};
    location / {
      proxy_pass http://dovetail;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_next_upstream_timeout 10s;
    }
  }`,
  );
}

/**
 * A configuration that answers every GET of `/` with one file's bytes as they are (`headers` added,
 * e.g. its Content-Encoding): the machine's limit for those bytes (`npm run bench`'s floor).
 */
export function nginxFileConfig({ dir, host, port, file, headers }) {
  const added = Object.entries(headers)
    .map(([name, value]) => `      add_header ${name} "${value}" always;`)
    .join("\n");
  return frame(
    dir,
    `  keepalive_requests 100000;
  server {
    listen ${host}:${port};
    location = / {
      default_type text/html;
${added}
      root ${path.dirname(file)};
      try_files /${path.basename(file)} =404;
    }
  }`,
  );
}

/** The parts every configuration here shares around its `http` block's servers. */
function frame(dir, servers) {
  return `${isRoot() ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${servers}
}
`;
}

/**
 * Starts nginx balancing over `instances` ("127.0.0.1:3001", …); resolves to { origin, stop,
 * errorLog } or null when nginx is not installed. stop() ends it and deletes its folder.
 */
export function startNginx(instances, { host = "127.0.0.1" } = {}) {
  return start(host, (dir, port) => nginxConfig({ dir, host, port, instances }));
}

/** Starts nginx answering GET / with `file`'s bytes and `headers` (nginxFileConfig); as startNginx. */
export function startNginxFile(file, headers, { host = "127.0.0.1" } = {}) {
  return start(host, (dir, port) => nginxFileConfig({ dir, host, port, file, headers }));
}

async function start(host, config) {
  const bin = findNginx();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "dovetail-nginx-"));
  const port = await freePort(host);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, config(dir, port));
  const child = spawn(bin, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const { stderr, exited, stop } = supervise(child, { signal: "SIGQUIT", dir });
  const origin = `http://${host}:${port}`;
  if (await waitForPort(port, host, { gone: exited })) return { origin, stop, errorLog: path.join(dir, "error.log") };
  await stop();
  throw new Error(`nginx did not start: ${stderr() || "no answer on its port"}`);
}
