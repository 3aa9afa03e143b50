#!/usr/bin/env bash
# Time `bankscope text` (release) against poppler's `pdftotext -layout` on the
# same files and print the ratio. Uses hyperfine when installed, else a loop.
#
#   benches/text-vs-pdftotext.sh [FILE.pdf ...]   (default: fixtures/pdf/*.pdf)
set -euo pipefail
cd "$(dirname "$0")/.."

command -v pdftotext >/dev/null || { echo "pdftotext missing: apt-get install poppler-utils" >&2; exit 2; }
cargo build --release -q -p bankscope-cli
BIN=${CARGO_TARGET_DIR:-target}/release/bankscope
FILES=("$@")
[ ${#FILES[@]} -gt 0 ] || FILES=(fixtures/pdf/*.pdf)
RUNS=${RUNS:-20}

# Mean wall time of a command in microseconds.
time_us() {
    if command -v hyperfine >/dev/null; then
        local json; json=$(mktemp)
        hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$json" "$1" >/dev/null 2>&1
        python3 -c 'import json,sys; print(int(json.load(open(sys.argv[1]))["results"][0]["mean"]*1e6))' "$json"
        rm -f "$json"
    else
        local start end
        for _ in 1 2 3; do eval "$1" >/dev/null; done
        start=$(date +%s%N)
        for _ in $(seq "$RUNS"); do eval "$1" >/dev/null; done
        end=$(date +%s%N)
        echo $(( (end - start) / 1000 / RUNS ))
    fi
}

printf '%-26s %6s %12s %12s %8s\n' file pages bankscope_ms pdftotext_ms ratio
tot_b=0; tot_p=0
for f in "${FILES[@]}"; do
    pages=$(pdfinfo "$f" 2>/dev/null | awk '/^Pages:/{print $2}')
    b=$(time_us "$BIN text $f")
    p=$(time_us "pdftotext -layout $f -")
    tot_b=$((tot_b + b)); tot_p=$((tot_p + p))
    awk -v f="$(basename "$f")" -v n="${pages:-?}" -v b="$b" -v p="$p" \
        'BEGIN { printf "%-26s %6s %12.2f %12.2f %7.2fx\n", f, n, b/1000, p/1000, p/b }'
done
awk -v b="$tot_b" -v p="$tot_p" 'BEGIN { printf "%-26s %6s %12.2f %12.2f %7.2fx  (pdftotext time / bankscope time)\n", "total", "", b/1000, p/1000, p/b }'
