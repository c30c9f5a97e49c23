#!/usr/bin/env bash
# Installs the Debian packages tabletop needs to build and test.
# A no-op when they are all present; uses sudo only when not root.
set -euo pipefail
# openmpi-bin and libopenmpi-dev build tabletop-mpi (simulations over many
# machines); tabletop itself builds and runs without them. libwebsockets-dev
# and libsqlite3-dev build `tabletop serve` (the game server and its storage).
packages=(build-essential cmake pkg-config libjansson-dev libcmocka-dev libedit-dev
          clang-format clang libclang-rt-14-dev tmux openmpi-bin libopenmpi-dev
          libwebsockets-dev libsqlite3-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
