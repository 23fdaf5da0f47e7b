import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

const found = () => CANDIDATES.find((file) => existsSync(file));

/** Debian's nginx, installed with apt-get when missing; throws a message saying what to do. */
export function ensureNginx() {
  const present = found();
  if (present) return present;
  console.log('▶ nginx is missing: apt-get install -y nginx');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env }).status;
  if (install() !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install();
  }
  const installed = found();
  if (!installed) {
    throw new Error(
      'nginx is not installed and `apt-get install -y nginx` failed: install it (as root) and run again',
    );
  }
  return installed;
}

/**
 * The balancer's configuration: docs/operations.md (Behind nginx) shows the same with TLS and
 * says why each line is there. Round robin; a GET that meets a dead, stopping (503) or broken
 * (502) instance goes to the next one; a POST is never sent again once it reached an instance.
 * `X-Upstream` is added only so that the test can say which instance answered.
 */
export function nginxConfig({ port, upstreams, dir }: NginxOptions) {
  const servers = upstreams
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(dir, `${name}-temp`)};`)
    .join('\n');
  return `worker_processes 2;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }

http {
  access_log off;
${temp}

  upstream shop {
${servers}
    keepalive 64;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 6m;

    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

type NginxOptions = { port: number; upstreams: number[]; dir: string };

/** nginx in the foreground with its own prefix and config (never the system service). */
export function startNginx(binary: string, options: NginxOptions) {
  mkdirSync(options.dir, { recursive: true });
  const conf = path.join(options.dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(options));
  const errorLog = path.join(options.dir, 'error.log');
  // -e: the log of start-up itself, which would otherwise go to the system's /var/log/nginx.
  const args = ['-p', options.dir, '-e', errorLog, '-c', conf];
  const test = spawnSync(binary, ['-t', '-q', ...args], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  const child: ChildProcess = spawn(binary, args, { stdio: 'ignore' });
  return { child, conf, errorLog };
}
