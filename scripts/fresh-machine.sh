#!/usr/bin/env bash
# Runs a command in a fresh clone of this repository as if on a fresh machine
# without Chromium, to try what the test command does there (provisioning
# through apt-get as root, a one-line fix otherwise: scripts/chromium.mjs)
# without touching this machine. A private mount namespace puts overlays over
# /usr, /etc and /var whose writes land in a temporary directory and vanish
# with it; there Chromium is removed, and the command runs with an empty HOME
# (no npm cache, no pnpm store).
#
#   scripts/fresh-machine.sh [options] -- <command> [args...]    (as root)
#
#   (default)    Chromium's files are deleted but dpkg still lists the
#                package, as after a broken or half-removed install
#   --purge      the package is purged and apt's package lists emptied, as in
#                a new container
#   --no-pnpm    no global pnpm either: only Node and npm
#   --user NAME  run the command as NAME (created inside the namespace)
#
# e.g. scripts/fresh-machine.sh --purge -- npm test
#      scripts/fresh-machine.sh --user dev -- npm test
# The clone is of HEAD: commit what you want to try.
set -euo pipefail

if [ "${FRESH_MACHINE_INNER:-}" != 1 ]; then
  [ "$(id -u)" = 0 ] || { echo "fresh-machine.sh: run it as root (it mounts overlays)" >&2; exit 1; }
  repo="$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)"
  scratch="$(mktemp -d /tmp/fresh-machine.XXXXXX)"
  trap 'rm -rf "$scratch"' EXIT
  chmod 755 "$scratch" # --user must reach the clone
  git clone -q "$repo" "$scratch/repo"
  echo "fresh-machine: clone of $(git -C "$repo" rev-parse --short HEAD) in $scratch/repo"
  status=0
  FRESH_MACHINE_INNER=1 FRESH_MACHINE_SCRATCH="$scratch" \
    unshare --mount --propagation private "$0" "$@" || status=$?
  exit "$status"
fi

# Inside the namespace from here on.
purge=0 no_pnpm=0 user=""
while [ $# -gt 0 ]; do
  case "$1" in
    --purge) purge=1 ;;
    --no-pnpm) no_pnpm=1 ;;
    --user) user="$2"; shift ;;
    --) shift; break ;;
    *) echo "fresh-machine.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ $# -gt 0 ] || { echo "fresh-machine.sh: no command given" >&2; exit 2; }

scratch="$FRESH_MACHINE_SCRATCH"
for dir in usr etc var; do
  mkdir -p "$scratch/$dir.upper" "$scratch/$dir.work"
  mount -t overlay overlay \
    -o "lowerdir=/$dir,upperdir=$scratch/$dir.upper,workdir=$scratch/$dir.work" "/$dir"
done

if [ "$purge" = 1 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq chromium chromium-common >/dev/null 2>&1 || true
  rm -rf /var/lib/apt/lists/*
else
  rm -rf /usr/lib/chromium /usr/bin/chromium
fi
rm -f /usr/bin/chromium-browser
if [ "$no_pnpm" = 1 ]; then
  rm -rf /usr/bin/pnpm /usr/bin/pnpx /usr/lib/node_modules/pnpm /usr/local/bin/pnpm
fi
echo "fresh-machine: chromium $( [ -e /usr/bin/chromium ] && echo present || echo absent)," \
  "dpkg: $(dpkg-query -W -f='${Status}' chromium 2>/dev/null || echo 'not installed')," \
  "pnpm $(command -v pnpm >/dev/null && echo present || echo absent)"

home="$scratch/home"
mkdir -p "$home"
if [ -n "$user" ]; then
  id "$user" >/dev/null 2>&1 || useradd --home-dir "$home" --no-create-home "$user"
  chown -R "$user" "$home" "$scratch/repo"
  cd "$scratch/repo"
  exec runuser -u "$user" -- env -u CHROMIUM_PATH HOME="$home" "$@"
fi
cd "$scratch/repo"
exec env -u CHROMIUM_PATH HOME="$home" "$@"
