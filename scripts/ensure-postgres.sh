#!/usr/bin/env bash
# Succeeds when PostgreSQL answers at 127.0.0.1:5432, starting the machine's cluster if it is installed but down.
node -e "require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" && exit 0
if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >/dev/null 2>&1 || true
  for _ in $(seq 1 20); do
    node -e "require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))" && exit 0
    sleep 0.5
  done
fi
exit 1
