#!/bin/sh
# Install Node.js and npm, which lint (ESLint, Prettier) and unit-test the browser code
# (package.json; `make setup` then runs `npm ci`). Debian's packages are enough (node 18+).
# Does nothing if npm is already there.
set -eu
if command -v npm >/dev/null 2>&1; then
    exit 0
fi
exec sh "$(dirname "$0")/apt-install.sh" nodejs npm
