#!/usr/bin/env bash
# Style and static checks of the hand-written C++ (never generated/, which the generator owns).
#
#   tools/lint.sh --check      clang-format --dry-run -Werror over the format scope (below), and
#                              clang-tidy (.clang-tidy) over the library's sources, aten/**/*.cpp
#   tools/lint.sh --format     only the clang-format check (what ctest's lint.format runs)
#   tools/lint.sh --tidy       only clang-tidy (what ./run lint runs with --check)
#   tools/lint.sh --fix FILE.. clang-format -i those files
#   tools/lint.sh --reformat   clang-format -i every hand-written file in aten/ nn/ tests/ examples/
#                              bench/
#
# Format scope: every git-tracked *.h / *.cpp under aten/ nn/ tests/ examples/ bench/ python/.
#
# clang-tidy needs build/compile_commands.json (any configured preset; BUILD_DIR=... to pick
# another) and runs with up to $(nproc) jobs (JOBS=... to change).
set -euo pipefail
cd "$(dirname "$0")/.."

CLANG_FORMAT=${CLANG_FORMAT:-$(command -v clang-format-14 || command -v clang-format || true)}
CLANG_TIDY=${CLANG_TIDY:-$(command -v clang-tidy-14 || command -v clang-tidy || true)}
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# Exit status 77 for a missing tool: ctest reports the lint tests as skipped, not failed.
need() {
  if [ -z "$2" ] || ! command -v "$2" >/dev/null; then
    echo "lint: $1 not found (apt-get install clang-format-14 clang-tidy-14)" >&2
    exit 77
  fi
}

# Tracked files matching the patterns (every file, outside a git checkout).
files_matching() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -- "$@"
  else
    local pattern
    for pattern in "$@"; do find "${pattern%%/*}" -path "$pattern" -type f; done | sort
  fi
}

all_sources() {
  files_matching 'aten/*.h' 'aten/*.cpp' 'tests/*.h' 'tests/*.cpp' 'examples/*.h' 'examples/*.cpp' \
    'bench/*.h' 'bench/*.cpp' 'python/*.h' 'python/*.cpp' 'nn/*.h' 'nn/*.cpp'
}

check_format() {
  need clang-format "$CLANG_FORMAT"
  local files
  mapfile -t files < <(all_sources)
  if "$CLANG_FORMAT" --dry-run -Werror --style=file "${files[@]}"; then
    echo "lint: clang-format: ${#files[@]} files in the style"
  else
    echo "lint: clang-format: fix with tools/lint.sh --fix FILE..." >&2
    return 1
  fi
}

check_tidy() {
  need clang-tidy "$CLANG_TIDY"
  if [ ! -f "$BUILD_DIR/compile_commands.json" ]; then
    echo "lint: $BUILD_DIR/compile_commands.json is missing; configure first (cmake --preset default)" >&2
    exit 1
  fi
  local root log db status=0
  root=$(pwd)
  log="$BUILD_DIR/clang-tidy.log"
  # Each file as written, without the build's precompiled headers: they are GCC's, which clang
  # 14 would try to load, and a file must compile without them anyway.
  db=$(mktemp -d)
  trap "rm -rf '$db'" EXIT  # expanded now: db is local, gone when the trap runs
  sed -E 's# -Winvalid-pch -include [^ ]*/cmake_pch\.hxx##g' "$BUILD_DIR/compile_commands.json" \
    > "$db/compile_commands.json"
  # The library's own sources; headers under aten/ are checked through them (not generated/aten,
  # whose path does not start with $root/aten/). ArrayRef.h names a GCC-only warning in a
  # pragma, which clang would report as unknown. A finding is an error (WarningsAsErrors), so
  # any clang-tidy that exits non-zero (a finding, a file that does not compile, a crash)
  # makes xargs, and this check, fail.
  files_matching 'aten/*.cpp' | xargs -P "$JOBS" -n 2 "$CLANG_TIDY" --quiet -p "$db" \
    --header-filter="^$root/aten/" --extra-arg=-Wno-unknown-warning-option > "$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ] || grep -q -E ': (error|warning): ' "$log"; then
    grep -v -E '^[0-9]+ (warnings?|errors?)( and [0-9]+ errors?)? generated\.$' "$log" >&2 || true
    echo "lint: clang-tidy failed (exit status $status; full log: $log)" >&2
    return 1
  fi
  echo "lint: clang-tidy: $(files_matching 'aten/*.cpp' | wc -l) library sources clean"
}

[ $# -ge 1 ] || usage
case "$1" in
  --check) check_format && check_tidy ;;
  --format) check_format ;;
  --tidy) check_tidy ;;
  --fix)
    shift
    [ $# -ge 1 ] || usage
    need clang-format "$CLANG_FORMAT"
    "$CLANG_FORMAT" -i --style=file "$@"
    ;;
  --reformat)
    need clang-format "$CLANG_FORMAT"
    all_sources | xargs "$CLANG_FORMAT" -i --style=file
    echo "lint: reformatted $(all_sources | wc -l) files"
    ;;
  *) usage ;;
esac
