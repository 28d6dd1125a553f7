// Replays the fuzz regression corpus: every file under tests/fuzz/regressions/<target>/
// goes through the same harness as the libFuzzer targets (fuzz_one.cpp), here built
// by the normal compiler without libFuzzer. Each file once crashed, hung, leaked or
// blew up a parser; the test passes when none does any more (a crash fails the run,
// and the ASan build catches the memory errors).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "catch.hpp"
#include "fuzz/fuzz_one.hpp"

namespace fs = std::filesystem;

TEST_CASE("the fuzz regression corpus runs through the harness without failing", "[fuzz-regression]") {
    const fs::path root = fs::path(PRUNE_SOURCE_DIR) / "tests" / "fuzz" / "regressions";
    REQUIRE(fs::is_directory(root));
    const std::vector<std::string> names = prune::fuzz::fuzz_targets();
    const std::set<std::string> known(names.begin(), names.end());
    int files = 0;
    for (const fs::directory_entry& target : fs::directory_iterator(root)) {
        if (!target.is_directory()) continue;
        const std::string name = target.path().filename().string();
        INFO("target " << name);
        // A kind still being written may not be registered yet: its corpus waits.
        if (known.count(name) == 0) continue;
        for (const fs::directory_entry& file : fs::directory_iterator(target.path())) {
            if (!file.is_regular_file()) continue;
            INFO("input " << file.path().string());
            std::ifstream in(file.path(), std::ios::binary);
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            CHECK(prune::fuzz::fuzz_one(name, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
            ++files;
        }
    }
    CHECK(files > 0);
}

TEST_CASE("the fuzz harness accepts the shipped examples", "[fuzz-regression]") {
    // The seeds of the puzzle targets, through the whole harness (parse, model, search,
    // check, render, read back).
    const fs::path puzzles = fs::path(PRUNE_SOURCE_DIR) / "puzzles";
    const std::vector<std::string> names = prune::fuzz::fuzz_targets();
    for (const std::string& name : names) {
        const fs::path examples = puzzles / name / "examples";
        if (!fs::is_directory(examples)) continue;
        for (const fs::directory_entry& file : fs::directory_iterator(examples)) {
            INFO("input " << file.path().string());
            std::ifstream in(file.path(), std::ios::binary);
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            CHECK(prune::fuzz::fuzz_one(name, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
        }
    }
    CHECK_FALSE(prune::fuzz::fuzz_one("no such target", nullptr, 0));
}
