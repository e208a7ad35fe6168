#!/usr/bin/env bash
# Makes sure the system packages Petri builds against are present (Debian/Ubuntu).
# Installs them with apt-get when run as root; otherwise prints the exact command to run.
set -euo pipefail

# libev-dev: libwebsockets runs on a libev loop (Debian's libwebsockets-dev depends on it already).
# zlib1g-dev: the browser pages are gzip-compressed once at start.
# postgresql: the cluster store's tests start a private server of their own (initdb in a temporary
# directory); they never use the system's.
packages=(libwebsockets-dev libev-dev zlib1g-dev pkg-config postgresql)
missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if ! pkg-config --exists libwebsockets 2>/dev/null; then
    missing+=(libwebsockets-dev)
fi
if ! echo '#include <ev.h>' | cc -E -x c - >/dev/null 2>&1 && [ ! -e /usr/include/ev.h ]; then
    missing+=(libev-dev)
fi
[ -e /usr/include/zlib.h ] || missing+=(zlib1g-dev)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)

# PostgreSQL refuses to run as root: tests run as root start their private server as this user.
ensure_test_user() {
    [ "$(id -u)" -eq 0 ] || return 0
    id -u petri-pg >/dev/null 2>&1 && return 0
    useradd --system --no-create-home --shell /usr/sbin/nologin petri-pg
    echo "Created the system user petri-pg (runs the tests' private PostgreSQL when they run as root)."
}
if [ ${#missing[@]} -eq 0 ]; then
    ensure_test_user
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "Petri needs libwebsockets (4.x, with headers) and pkg-config; install them with your system's package manager." >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "Petri needs ${missing[*]}. Run this once, then try again:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y ${packages[*]}" >&2
    exit 1
fi
echo "Installing ${packages[*]} with apt-get..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${packages[@]}" >/dev/null
echo "Installed ${packages[*]}."
ensure_test_user
