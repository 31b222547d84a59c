#!/usr/bin/env bash
# Real clients the tests drive, from Debian: python3-authlib (a second OpenID relying party, run with
# /usr/bin/python3), oathtool (TOTP codes), and the toolchains that check the PHP, Ruby and Go SDKs and run
# their examples (php-cli, php-curl, ruby, ruby-webrick, golang-go: modules/sdk). Installed when missing and
# we may (root); a test whose client is missing says so and is skipped outside CI (npm test runs
# this first, so CI has them all).
set -euo pipefail
missing=()
/usr/bin/python3 -c 'import authlib' >/dev/null 2>&1 || missing+=(python3-authlib python3-requests)
command -v oathtool >/dev/null 2>&1 || missing+=(oathtool)
php -r 'exit(function_exists("curl_init") ? 0 : 1);' >/dev/null 2>&1 || missing+=(php-cli php-curl)
ruby -e 'require "webrick"' >/dev/null 2>&1 || missing+=(ruby ruby-webrick)
command -v go >/dev/null 2>&1 || missing+=(golang-go)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the Debian packages ${missing[*]} for the tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The tests use the Debian packages ${missing[*]}: run  sudo apt-get install ${missing[*]}" >&2
exit 1
