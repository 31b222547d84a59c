#!/usr/bin/env bash
# Every test of the project, in the order CI runs them. Needs only Node and npm; uses a local PostgreSQL
# server too when one is reachable (or can be started) at 127.0.0.1:5432.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step 'lint'
npm run lint
step 'type check'
npm run typecheck
step 'test clients from Debian (authlib, oathtool, the PHP, Ruby and Go toolchains)'
bash scripts/ensure-test-tools.sh
step 'server suite on embedded PostgreSQL (PGlite)'
npx vitest run --project server
if bash scripts/ensure-postgres.sh; then
  step 'server suite on the PostgreSQL server'
  DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" npx vitest run --project server
else
  step 'server suite on the PostgreSQL server: skipped (no server at 127.0.0.1:5432)'
fi
step 'web suite'
npx vitest run --project web
step 'build'
npm run build
if bash scripts/ensure-postgres.sh && bash scripts/ensure-redis.sh; then
  step 'several server processes sharing PostgreSQL and Redis'
  DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" \
    REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}" npx vitest run --project cluster
  step 'mixed load on two processes (short form; npm run bench:load for the full one)'
  LOAD_SECONDS=5 DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" \
    REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}" npm run bench:load
else
  step 'several server processes: skipped (needs PostgreSQL and Redis on 127.0.0.1)'
fi
step 'browser suite'
npm run test:e2e
