#!/usr/bin/env bash
# Succeeds when Redis answers at 127.0.0.1:6379, starting the machine's redis-server if it is installed but down.
up() { node -e "require('net').connect(6379,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))"; }
up && exit 0
if command -v redis-server >/dev/null 2>&1; then
  mkdir -p /tmp/portal-redis
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no --dir /tmp/portal-redis >/dev/null 2>&1 || true
  for _ in $(seq 1 20); do up && exit 0; sleep 0.5; done
fi
exit 1
