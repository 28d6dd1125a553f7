// Helpers shared by the FlatZinc tests: running fzn-prune in-process or as a
// command, and reading FlatZinc solution output.
#pragma once
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "flatzinc/builder.hpp"
#include "flatzinc/flatzinc.hpp"
#include "flatzinc/parser.hpp"
#include "support/scratch_directory.hpp"
#include "support/skip.hpp"
#include "support/test_text.hpp"

namespace prune::test::fzn {

struct Output {
    int code = 0;
    std::string out;
    std::string err;
};

// Runs the FlatZinc front end in this process: args as after the program name.
inline Output run(const std::vector<std::string>& args) {
    std::vector<const char*> argv{"fzn-prune"};
    for (const std::string& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    Output r;
    r.code = prune::flatzinc::run(static_cast<int>(argv.size()), argv.data(), out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

// Parses and builds FlatZinc text (named `file` in messages) into m: the parse or
// build error, empty when both succeed.
inline std::string build_text(const std::string& text, const std::string& file, prune::flatzinc::BuiltModel& m,
                              prune::flatzinc::BuildSettings settings = {}) {
    prune::flatzinc::ParseResult p = prune::flatzinc::parse(text, file);
    if (!p.ok) return p.error;
    std::ostringstream warnings;
    const prune::flatzinc::BuildResult b = prune::flatzinc::build(p.model, file, m, warnings, settings);
    return b.ok ? std::string{} : b.error;
}

inline std::vector<std::string> lines(const std::string& text) { return ::prune::test::lines_of(text); }

// The solutions of a FlatZinc output, each as its text (statistics lines dropped).
inline std::vector<std::string> solutions(const std::string& text) {
    std::vector<std::string> out;
    std::string current;
    for (const std::string& line : lines(text)) {
        if (line.rfind("%%%mzn-stat", 0) == 0) continue;
        if (line == "----------") {
            out.push_back(current);
            current.clear();
        } else if (line.rfind("=====", 0) != 0) {
            current += line + "\n";
        }
    }
    return out;
}

// fzn-prune `first` FLAGS... FILE in this process (first: "-a", "-s", ...).
inline Output run_file(const std::string& first, const std::vector<std::string>& flags, const std::filesystem::path& file) {
    std::vector<std::string> args{first};
    args.insert(args.end(), flags.begin(), flags.end());
    args.push_back(file.string());
    return run(args);
}

// The solutions of a FlatZinc output, sorted (to compare as sets).
inline std::vector<std::string> sorted_solutions(const std::string& text) {
    std::vector<std::string> found = solutions(text);
    std::sort(found.begin(), found.end());
    return found;
}

inline bool contains_line(const std::string& text, const std::string& wanted) {
    for (const std::string& line : lines(text)) {
        if (line == wanted) return true;
    }
    return false;
}

inline std::string read_file(const std::filesystem::path& p) { return ::prune::test::read_text_file(p); }

// One scratch directory per test process, removed when the process exits, so a
// test run leaves nothing behind in the temporary directory.
inline std::filesystem::path temp_dir() {
    static const ::prune::test::ScratchDirectory scratch("prune-fzn-test");
    return scratch.path();
}

// Runs a shell command with stdout and stderr sent to files; returns the exit status.
inline int shell(const std::string& command, const std::filesystem::path& out, const std::filesystem::path& err) {
    const std::string full = command + " > '" + out.string() + "' 2> '" + err.string() + "'";
    const int status = std::system(full.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// (honours PRUNE_TEST_HIDE: tests/support/skip.hpp)
using ::prune::test::have_program;

inline std::vector<std::string> sorted_unique(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

}  // namespace prune::test::fzn
