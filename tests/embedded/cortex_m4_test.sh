#!/usr/bin/env bash
# The engine on a bare-metal Cortex-M4 under QEMU (examples/cortex-m4/):
#   cortex_m4_test.sh SOURCE_DIR WORK_DIR
# builds the demo for the host and three images for QEMU's mps2-an386 board (a
# PRUNE_MINIMAL engine), runs them, and requires the images' answers (sudoku digits,
# queens count, node counts) to equal the host's. Prints flash and RAM figures and
# checks them against budgets, and checks the images' symbols: no floating point
# (a PRUNE_MINIMAL engine has none), and in the 8-queens image, whose model posts
# all_different (value), none of the stronger alldifferent propagators.
# Exit 77 (a counted skip) when the cross toolchain or QEMU is missing;
# scripts/test.sh installs both.
set -euo pipefail
source_dir=$1
work=$2
missing=()
for tool in arm-none-eabi-g++ arm-none-eabi-size arm-none-eabi-nm qemu-system-arm; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "SKIPPED: cortex_m4_qemu needs ${missing[*]} (apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm)"
  exit 77
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
demo="$source_dir/examples/cortex-m4"
cmake -S "$demo" -B "$work/host" "${launcher[@]}" >/dev/null
cmake --build "$work/host" -j2 >/dev/null
cmake -S "$demo" -B "$work/m4" --toolchain "$demo/toolchain-cortex-m4.cmake" "${launcher[@]}" >/dev/null
cmake --build "$work/m4" -j2 >/dev/null

answers() { grep -E '^(sudoku|queens) ' "$1"; }
# RAM budgets in bytes (static data + the arena's peak; the stack is printed apart):
# the issue's goals, 16 KB for 8-queens and 32 KB for the sudoku (docs/embedding.md
# has the figures).
declare -A ram_budget=([prune_m4_queens]=16384 [prune_m4_sudoku]=32768 [prune_m4]=32768)
flash_budget=65536
# Symbols no image may hold: soft-float arithmetic and libm's pow (fractional
# arithmetic would come from these), and in the 8-queens image the propagators of
# all_different (bounds) and (domain).
float_symbols='^(__aeabi_[df]|__(add|sub|mul|div)[sd]f3|__(fix|float)|pow$|__ieee754)'
strong_alldifferent='AllDifferent(Bounds|Domain|Small)|HallIntervalFilter|all_different_(bounds|domain)'

"$work/host/prune_host_demo" > "$work/host.out"
grep -qx done "$work/host.out" || { echo "the host demo failed"; cat "$work/host.out"; exit 1; }
status=0
for image in prune_m4 prune_m4_sudoku prune_m4_queens; do
  out="$work/$image.out"
  if ! timeout 600 qemu-system-arm -M mps2-an386 -nographic -semihosting -kernel "$work/m4/$image.elf" > "$out" 2>&1; then
    echo "$image: QEMU failed"; cat "$out"; status=1; continue
  fi
  grep -qx done "$out" || { echo "$image: no 'done'"; cat "$out"; status=1; continue; }
  # Each image's answers are the host's (the one-problem images: that problem's line).
  if ! answers "$out" | diff - <(answers "$work/host.out" | grep -Ff <(answers "$out" | cut -d' ' -f1 | sort -u | sed 's/$/ /')); then
    echo "$image: answers differ from the host's"; status=1; continue
  fi
  [ "$image" != prune_m4 ] || answers "$out" | diff - <(answers "$work/host.out") || { echo "$image: not both answers"; status=1; continue; }
  read -r text data bss _ < <(arm-none-eabi-size "$work/m4/$image.elf" | tail -1)
  flash=$((text + data))
  ram=$(grep -o ' ram [0-9]*' "$out" | cut -d' ' -f3)
  echo "$image: flash $flash bytes; $(grep '^memory ' "$out")"
  [ "$flash" -le "$flash_budget" ] || { echo "$image: flash $flash bytes, over $flash_budget"; status=1; }
  [ -n "$ram" ] && [ "$ram" -le "${ram_budget[$image]}" ] || { echo "$image: RAM ${ram:-?} bytes, over ${ram_budget[$image]}"; status=1; }
  arm-none-eabi-nm -C "$work/m4/$image.elf" | awk '{ print $NF }' > "$work/$image.symbols"
  if grep -E "$float_symbols" "$work/$image.symbols"; then echo "$image: floating-point code linked (above)"; status=1; fi
  if [ "$image" = prune_m4_queens ] && arm-none-eabi-nm -C "$work/m4/$image.elf" | grep -E "$strong_alldifferent"; then
    echo "$image: all_different (value) linked a stronger propagator (above)"; status=1
  fi
done
answers "$work/host.out"
exit $status
