// The fuzz harness shared by the libFuzzer targets (tests/fuzz/fuzz_target.cpp,
// built with -DPRUNE_FUZZ=ON and clang) and by the regression test of the normal
// suite (tests/fuzz/regression_test.cpp, tag [fuzz-regression]), which replays every
// file under tests/fuzz/regressions/<target>/ through the same function.
//
// Targets:
//   a puzzle kind's name   the kind's parser; a parsed puzzle is built, searched for a
//                          few hundred nodes, and a solution checked, rendered and read back
//   flatzinc               the FlatZinc parser and model builder, then a short search
//   solution               the reader behind `prune check`: the first line names a kind
//                          (whose built-in instance is the puzzle), the rest is the
//                          solution (plain, JSON or an SMT model); a read solution is checked
//   trace                  the JSON Lines reader behind `prune trace view`, then the page
//   xcsp3                  the XCSP3 XML and instance readers, the model builder, a short
//                          search whose solutions must pass the checker
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace prune::fuzz {

// Runs one input through `target`. Returns false when `target` is unknown.
// Any crash, leak, hang or sanitizer report is a bug in prune.
bool fuzz_one(std::string_view target, const std::uint8_t* data, std::size_t size);

// Every target name: the registered puzzle kinds, then flatzinc, solution, trace, xcsp3.
std::vector<std::string> fuzz_targets();

}  // namespace prune::fuzz
