#!/usr/bin/env bash
# The browser suite drives Debian's chromium. Install it when missing and we may (root), else say what to do.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo 'Installing the Debian package chromium for the browser tests...'
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
echo 'The browser tests need the Debian package "chromium" (/usr/bin/chromium): run  sudo apt-get install chromium' >&2
exit 1
