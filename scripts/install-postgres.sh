#!/bin/sh
# Install PostgreSQL for the server's tests on PostgreSQL: Debian's postgresql package (the
# tests start their own throw-away cluster with its initdb, as an unprivileged user; no service
# needs to run). Does nothing if an initdb is already there. LUDI_NO_POSTGRES=1 skips it.
set -eu
if [ "${LUDI_NO_POSTGRES:-}" = "1" ]; then
    exit 0
fi
for initdb in /usr/lib/postgresql/*/bin/initdb; do
    if [ -x "$initdb" ]; then
        exit 0
    fi
done
exec sh "$(dirname "$0")/apt-install.sh" postgresql
