#!/usr/bin/env bash
# npm run compose:smoke: builds the production image, starts compose.yaml (two portal replicas behind
# nginx, PostgreSQL, Redis) under a throwaway project name, and checks it end to end through the proxy:
# that production refuses to start without a payment provider, then (with Xsolla keys) readiness, the
# login page and its security headers, gzipped JSON, no sandbox card page and no open /metrics, a
# registration, the first admin created with the image's own CLI, an admin table page, and that the proxy
# keeps serving when one replica is stopped.
# Everything is removed afterwards (containers and the database volume). Needs a Docker engine.
set -euo pipefail
cd "$(dirname "$0")/.."

if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif command -v docker-compose >/dev/null; then
  # Compose v1 honours deploy.replicas only in compatibility mode.
  compose=(docker-compose --compatibility)
else
  echo "compose:smoke needs Docker with the compose plugin (or docker-compose)." >&2
  exit 2
fi

project="portal-smoke-$$"
port="${PORTAL_PORT:-3080}"
base="http://127.0.0.1:${port}"
export PORTAL_PORT="$port" SECRET_KEY SMTP_URL PAYMENT_PROVIDER
SECRET_KEY="$(node -e "console.log(require('node:crypto').randomBytes(24).toString('base64url'))")"
# Nothing listens there: mail waits in the outbox, retried, which is all this check needs of it.
SMTP_URL="smtp://127.0.0.1:2525"
PAYMENT_PROVIDER=""
run() { "${compose[@]}" -p "$project" "$@"; }
cleanup() {
  status=$?
  if [ "$status" -ne 0 ]; then run logs --tail 40 portal >&2 || true; fi
  run down -v --remove-orphans >/dev/null 2>&1 || true
  exit "$status"
}
trap cleanup EXIT
fail() { echo "compose:smoke FAILED: $*" >&2; exit 1; }
step() { echo "· $*"; }

step "production refuses to start without a payment provider"
run up -d --build >/dev/null
for _ in $(seq 1 30); do
  run logs portal 2>/dev/null | grep -q 'Invalid configuration: PAYMENT_PROVIDER' && break
  sleep 2
done
run logs portal 2>/dev/null | grep -q 'Invalid configuration: PAYMENT_PROVIDER must be xsolla in production' ||
  fail "the portal started without a payment provider"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" != 200 ] || fail "/readyz answered without a payment provider"
run rm -fs portal >/dev/null

step "starting $project with Xsolla on port $port"
export XSOLLA_MERCHANT_ID=1 XSOLLA_PROJECT_ID=2 XSOLLA_API_KEY=smoke XSOLLA_WEBHOOK_SECRET=smoke
PAYMENT_PROVIDER=xsolla
run up -d >/dev/null

step "waiting for /readyz through the proxy"
for _ in $(seq 1 90); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" = 200 ] && break
  sleep 2
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" = 200 ] || fail "/readyz never answered 200"
[ "$(run ps -q portal | wc -l)" -eq 2 ] || fail "expected two portal replicas"

step "login page and security headers"
headers="$(curl -s -D - -o /dev/null "$base/login")"
grep -q '^HTTP/1.1 200' <<<"$headers" || fail "/login did not answer 200"
grep -qi '^content-security-policy:' <<<"$headers" || fail "/login has no Content-Security-Policy"

step "JSON leaves the proxy gzipped; no API map in production"
curl -s -D - -o /dev/null -H 'accept-encoding: gzip' "$base/api/sdk" | grep -qi '^content-encoding: gzip' ||
  fail "the proxy did not gzip /api/sdk"
code="$(curl -s -o /dev/null -w '%{http_code}' "$base/api/docs")"
[ "$code" = 404 ] || fail "/api/docs answered $code without API_DOCS=public"

step "no sandbox card page and no open /metrics in production"
code="$(curl -s -o /dev/null -w '%{http_code}' -d 'card_number=4242424242424242&expiry=12/40&cvc=123&cardholder=x' "$base/sandbox-pay/TX1?token=x")"
[ "$code" = 404 ] || fail "POST /sandbox-pay answered $code"
code="$(curl -s -o /dev/null -w '%{http_code}' "$base/metrics")"
[ "$code" = 404 ] || fail "/metrics answered $code without METRICS_TOKEN"

step "a player registers"
email="smoke-$$@example.test"
code="$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -d "{\"name\":\"Smoke Test\",\"email\":\"$email\",\"password\":\"Smoke-Test-42\",\"password_confirmation\":\"Smoke-Test-42\",\"nickname\":\"smoke$$\",\"selectedGame\":\"caliber\"}" \
  "$base/register")"
[ "$code" = 201 ] || fail "POST /register answered $code"

step "the first admin is created with the image's CLI and signs in"
run exec -T portal node apps/server/dist/admin-create.js --email "ops-$$@example.test" --password 'Smoke-Admin-42' >/dev/null
login="$(curl -s -H 'content-type: application/json' -d "{\"email\":\"ops-$$@example.test\",\"password\":\"Smoke-Admin-42\"}" "$base/api/admin/login")"
token="$(node -e 'const b = JSON.parse(process.argv[1]); if (!b.token) process.exit(1); console.log(b.token)' "$login")" ||
  fail "admin sign-in answered $login"
page="$(curl -s -H "authorization: Bearer $token" "$base/api/users/paginate/caliber?per_page=10")"
node -e 'const b = JSON.parse(process.argv[1]); if (!b.data.some((u) => u.email === process.argv[2])) process.exit(1)' "$page" "$email" ||
  fail "the registered player is not in the Caliber users table"

step "one replica stops; the proxy keeps serving"
docker stop "$(run ps -q portal | head -1)" >/dev/null
for i in $(seq 1 10); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/readyz")" = 200 ] || fail "request $i failed with one replica down"
done

echo "compose:smoke passed"
