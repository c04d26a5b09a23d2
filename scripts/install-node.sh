#!/bin/sh
# Install Node.js and npm, which lint (ESLint, Prettier) and unit-test the browser code
# (package.json; `make setup` then runs `npm ci`). Debian's packages are enough (node 18+).
# Does nothing if npm is already there. Needs root (or sudo) to install.
set -eu
if command -v npm >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-node: no apt-get here; install Node.js 18+ and npm yourself" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
$SUDO apt-get update -q
$SUDO apt-get install -y -q nodejs npm
