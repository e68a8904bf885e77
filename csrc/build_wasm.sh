#!/usr/bin/env bash
# Builds caribbean_exact/cli/static/caribbean.wasm, the counting core of the player's page: the same C
# sources as the package's module (cs_deal; cs_switch, one hand's Oasis switching; the tables they
# need) plus csrc/wasm_api.c, compiled for wasm32-wasi by Debian's clang, lld and wasi-libc (apt-get
# install clang lld wasi-libc libclang-rt-dev-wasm32: the last is the wasm32 builtins), single-threaded (CS_NO_THREADS: csrc/once.h). Reproducible byte for
# byte: no debug information, no paths, no build time; tests/cli/test_page_folder.py rebuilds it and
# fails when the committed file is stale.
#   csrc/build_wasm.sh [OUT]     (default: the package's static folder)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$(dirname "$here")/caribbean_exact/cli/static/caribbean.wasm}
cc=${WASM_CC:-clang}
sysroot=${WASI_SYSROOT:-/usr}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here"
"$cc" --target=wasm32-wasi --sysroot="$sysroot" -O3 -msimd128 -std=c11 -Wall -Wextra -Werror \
    -DCS_NO_THREADS -ffile-prefix-map="$here"=. -fno-ident \
    -nostartfiles -Wl,--no-entry -Wl,--strip-all -Wl,-z,stack-size=1048576 -Wl,--initial-memory=8388608 \
    core.c evaluate.c situation.c switch_hand.c wasm_api.c -o "$tmp/caribbean.wasm"
mv "$tmp/caribbean.wasm" "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out ($(wc -c < "$out") bytes)"
