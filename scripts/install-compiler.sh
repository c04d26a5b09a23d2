#!/bin/sh
# Install what compiling the rules with mypyc needs (docs/compiled.md): a C compiler and the
# headers of the Python that runs Ludi. Debian's gcc and libc6-dev; python3-dev when that
# Python is Debian's own (another Python, pyenv's or a self-built one, brings its headers).
# Does nothing if both are there. LUDI_NO_COMPILE=1 skips it (the rules then stay pure Python).
# Usage: install-compiler.sh PYTHON
set -eu
if [ "${LUDI_NO_COMPILE:-}" = "1" ]; then
    exit 0
fi
PYTHON=${1:-python3}
packages=""
CC=$("$PYTHON" -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')
if ! command -v "$CC" >/dev/null 2>&1; then
    packages="gcc libc6-dev"
fi
HEADERS=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
if [ ! -f "$HEADERS/Python.h" ]; then
    case "$HEADERS" in
        /usr/include/*) packages="$packages python3-dev" ;;
        *) echo "install-compiler: no $HEADERS/Python.h, and this Python is not Debian's:" \
                "the rules stay pure Python" >&2 ;;
    esac
fi
if [ -n "$packages" ]; then
    # shellcheck disable=SC2086  # one word per package
    sh "$(dirname "$0")/apt-install.sh" $packages || echo "install-compiler: could not" \
        "install $packages: the rules stay pure Python" >&2
fi
