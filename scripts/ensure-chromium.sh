#!/usr/bin/env bash
# The browser suite drives Debian's headless chromium (chromium-headless-shell, decision 0065); Lighthouse and
# bench:web drive the full chromium. Install what is missing when we may (root), else say what to do.
set -euo pipefail
PACKAGES=(chromium chromium-headless-shell)
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} = 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the Debian packages ${missing[*]} for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ] && exit 0
fi
# The suite can run on either binary (playwright.config.ts picks the headless one when present).
if [ -x /usr/bin/chromium-headless-shell ] || [ -x /usr/bin/chromium ]; then
  echo "Missing ${missing[*]}: the browser suite runs on what is installed; install with  sudo apt-get install ${PACKAGES[*]}" >&2
  exit 0
fi
echo "The browser tests need the Debian package chromium-headless-shell or chromium: run  sudo apt-get install ${PACKAGES[*]}" >&2
exit 1
