#!/bin/sh
# Install the browser the end-to-end tests drive: Debian's chromium package (Playwright for
# Python drives it through executable_path; `playwright install` is never needed).
# Does nothing if chromium is already there. Set LUDI_CHROMIUM where it lives elsewhere.
set -eu
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    exit 0
fi
exec sh "$(dirname "$0")/apt-install.sh" chromium
