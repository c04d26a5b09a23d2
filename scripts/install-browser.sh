#!/bin/sh
# Install the browser the end-to-end tests drive: Debian's chromium package (Playwright for
# Python drives it through executable_path; `playwright install` is never needed).
# Does nothing if chromium is already there. Needs root (or sudo) to install.
set -eu
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: no apt-get here; install Chromium yourself and set LUDI_CHROMIUM to its path" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
$SUDO apt-get update -q
$SUDO apt-get install -y -q chromium
