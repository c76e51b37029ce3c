#!/bin/bash
# sources.sh DEST — copy the published CUDA sources that the real-code
# corpus ports (testdata/realcode) into DEST, a git-ignored folder that
# travels with the measurement run (measure.sh). The text of the suites
# never enters the repository: only the Go ports and the measured figures.
#
# The suites are read from git directories at pinned commits:
#   POLYBENCH  github.com/cavazos-lab/PolyBench-ACC  70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7
#   RODINIA    github.com/yuhc/gpu-rodinia           9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4
# e.g. POLYBENCH=$(git clone --bare ... && echo path) scripts/realcode/sources.sh .cache/realcode/src
set -euo pipefail
dest=${1:?usage: sources.sh DEST}
: "${POLYBENCH:?set POLYBENCH to a git dir of PolyBench-ACC}"
: "${RODINIA:?set RODINIA to a git dir of gpu-rodinia}"
pb=70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7
rd=9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4

# copy GITDIR COMMIT PREFIX OUT: every file under PREFIX at COMMIT.
copy() {
	local gd=$1 commit=$2 prefix=$3 out=$4
	git --git-dir="$gd" ls-tree -r --name-only "$commit" -- "$prefix" | while read -r f; do
		mkdir -p "$out/$(dirname "$f")"
		git --git-dir="$gd" show "$commit:$f" >"$out/$f"
	done
}
rm -rf "$dest" && mkdir -p "$dest"
copy "$POLYBENCH" $pb CUDA "$dest/polybench"
for d in pathfinder nw gaussian srad/srad_v2 hotspot bfs backprop lud util; do
	copy "$RODINIA" $rd "cuda/$d" "$dest/rodinia"
done
echo "sources.sh: $(find "$dest" -name '*.cu' | wc -l) CUDA files in $dest"
