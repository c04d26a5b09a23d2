#!/bin/sh
# Install Debian packages (the setup scripts call this for what pip and npm cannot install).
# Usage: apt-install.sh PACKAGE...   Needs root (or sudo).
set -eu
if ! command -v apt-get >/dev/null 2>&1; then
    echo "apt-install: no apt-get here; install $* yourself" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
$SUDO apt-get update -q
$SUDO apt-get install -y -q "$@"
