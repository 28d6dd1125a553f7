#include "support/skip.hpp"

#include <cstdlib>
#include <iostream>
#include <sstream>

#include "catch.hpp"
#if defined(PRUNE_CATCH2_V3)
#include <catch2/interfaces/catch_interfaces_capture.hpp>
#endif

namespace prune::test {

namespace {
std::vector<SkippedTest>& skips() {
    static std::vector<SkippedTest> list;
    return list;
}

bool hidden(const std::string& name) {
    const char* hide = std::getenv("PRUNE_TEST_HIDE");
    if (hide == nullptr) return false;
    std::istringstream list(hide);
    for (std::string item; std::getline(list, item, ',');) {
        if (item == name) return true;
    }
    return false;
}
}  // namespace

void record_skip(const std::string& reason) {
    const std::string test = Catch::getResultCapture().getCurrentTestName();
    std::cout << "SKIPPED: " << test << ": " << reason << std::endl;
    skips().push_back({test, reason});
}

const std::vector<SkippedTest>& skipped_tests() { return skips(); }

int report_skips() {
    if (skips().empty()) return 0;
    std::cout << skips().size() << " skipped (exit code " << skip_exit_code << "):\n";
    for (const SkippedTest& skip : skips()) std::cout << "  " << skip.test << ": " << skip.reason << "\n";
    std::cout.flush();
    return skip_exit_code;
}

bool have_program(const std::string& name) {
    if (hidden(name)) return false;
    const std::string probe = "command -v '" + name + "' > /dev/null 2>&1";
    return std::system(probe.c_str()) == 0;
}

}  // namespace prune::test
