#!/usr/bin/env bash
# Installs the Debian packages tabletop needs to build and test.
# A no-op when they are all present; uses sudo only when not root.
set -euo pipefail
# openmpi-bin and libopenmpi-dev build tabletop-mpi (simulations over many
# machines); tabletop itself builds and runs without them. libwebsockets-dev,
# libuv1-dev (its service loop) and libsqlite3-dev build `tabletop serve` (the
# game server and its storage),
# libpq-dev its PostgreSQL store, and postgresql runs that store's tests (a
# throwaway cluster from its initdb and pg_ctl, never the system's own);
# chromium, nodejs and npm run the web client's browser tests (tests/browser:
# playwright-core from npm drives Debian's chromium, never a downloaded one).
packages=(build-essential cmake pkg-config libjansson-dev libcmocka-dev libedit-dev
          clang-format clang libclang-rt-14-dev tmux openmpi-bin libopenmpi-dev
          libwebsockets-dev libuv1-dev libsqlite3-dev libpq-dev postgresql chromium nodejs)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# Debian's npm is a package of its own; some nodejs builds carry npm within
# (and conflict with Debian's): ask for it only when there is none.
command -v npm >/dev/null || missing+=(npm)
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
