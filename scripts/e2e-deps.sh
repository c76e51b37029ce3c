#!/usr/bin/env bash
# Installs the programs the end-to-end tests drive, when they are missing
# and can be installed (root with apt-get): Neovim, the editor client of
# internal/lsp's TestNeovim, and Chromium, which renders the explain -html
# page in internal/explain's TestHTMLScreenshot. The tests skip a program
# that is not there, so this never fails the build.
set -u
need=()
command -v nvim >/dev/null 2>&1 || need+=(neovim)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "e2e: ${need[*]} not installed and not installable here: their tests are skipped"
	exit 0
fi
echo "== apt-get install ${need[*]} (for the end-to-end tests)"
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}"; } >/tmp/smemlint-e2e-deps.log 2>&1; then
	tail -5 /tmp/smemlint-e2e-deps.log
	echo "e2e: installing ${need[*]} failed: their tests are skipped"
fi
exit 0
