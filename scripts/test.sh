#!/usr/bin/env bash
# Installs what the tests need (when missing), builds and runs every test:
#   1. Release build, whole suite (ctest);
#   2. the engine built with -fno-exceptions -fno-rtti, and an example linked to it;
#   3. an AddressSanitizer + UndefinedBehaviorSanitizer build, whole suite.
# Usage: scripts/test.sh [--no-sanitize]        (run from anywhere; needs root or sudo for apt-get)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)

need=()
command -v cmake >/dev/null || need+=(cmake)
command -v g++ >/dev/null || need+=(g++)
[ -e /usr/include/catch2/catch.hpp ] || [ -e /usr/include/catch2/catch_test_macros.hpp ] \
  || [ -e /usr/local/include/catch2/catch_test_macros.hpp ] || need+=(catch2)
command -v z3 >/dev/null || need+=(z3)  # optional: the SMT-LIB round-trip tests skip without it
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "== installing: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "== Release build and tests"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DPRUNE_WERROR=ON >/dev/null
cmake --build "$root/build" -j"$jobs"
(cd "$root/build" && ctest -j"$jobs" --output-on-failure --timeout 300)

echo "== install, then find_package(prune) from a consumer project"
rm -rf "$root/build/package-prefix" "$root/build/package-consumer"
cmake --install "$root/build" --prefix "$root/build/package-prefix" >/dev/null
cmake -S "$root/tests/package" -B "$root/build/package-consumer" -DCMAKE_PREFIX_PATH="$root/build/package-prefix" >/dev/null
cmake --build "$root/build/package-consumer" -j"$jobs" >/dev/null
"$root/build/package-consumer/consumer"

echo "== engine without exceptions and RTTI"
cmake -S "$root" -B "$root/build-noexcept" -DCMAKE_BUILD_TYPE=Release -DPRUNE_NO_EXCEPTIONS=ON \
      -DPRUNE_BUILD_TESTS=OFF -DPRUNE_BUILD_BENCH=OFF -DPRUNE_WERROR=ON >/dev/null
cmake --build "$root/build-noexcept" -j"$jobs" --target queens
"$root/build-noexcept/queens" 8

if [ "${1:-}" != "--no-sanitize" ]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
  cmake -S "$root" -B "$root/build-sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPRUNE_SANITIZE=ON \
        -DPRUNE_BUILD_BENCH=OFF >/dev/null
  cmake --build "$root/build-sanitize" -j"$jobs"
  (cd "$root/build-sanitize" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
     ctest -j"$jobs" --output-on-failure --timeout 600)
fi
echo "== all tests passed"
