#!/bin/sh
# Install what the hosting tests use (docs/hosting.md): Debian's nginx (tests/server/
# test_proxy.py starts its own on loopback with a throw-away certificate; no service needs to
# run) and systemd's systemd-analyze (tests/server/test_deploy.py verifies deploy/ludi.service).
# Does nothing for what is already there. LUDI_NO_HOSTING=1 skips it.
set -eu
if [ "${LUDI_NO_HOSTING:-}" = "1" ]; then
    exit 0
fi
missing=""
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
    missing="$missing nginx-light"
fi
if ! command -v systemd-analyze >/dev/null 2>&1; then
    missing="$missing systemd"
fi
if ! command -v openssl >/dev/null 2>&1; then
    missing="$missing openssl"
fi
if [ -z "$missing" ]; then
    exit 0
fi
# shellcheck disable=SC2086  # (one word per package)
exec sh "$(dirname "$0")/apt-install.sh" $missing
