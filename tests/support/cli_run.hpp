// Running the prune binary from tests: arguments, optional standard input, and the
// captured exit code, standard output and standard error.
#pragma once
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "support/scratch_directory.hpp"
#include "support/skip.hpp"
#include "support/test_text.hpp"

namespace prune::cli::testing {

using prune::test::contains;
using prune::test::lines_of;
using prune::test::parse_json_text;
using prune::test::starts_with;

struct RunResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

inline std::string slurp(const std::filesystem::path& path) { return prune::test::read_text_file(path); }

// A scratch directory for one test run, removed when it goes out of scope.
class ScratchDirectory : public prune::test::ScratchDirectory {
public:
    ScratchDirectory() : prune::test::ScratchDirectory("prune-cli-test") {}
};

// Runs a shell command line (already quoted) with `input` on standard input. A
// command that loops (a broken search) is killed after 600 CPU seconds, far beyond
// any test's, and fails its test with exit code 137, where it would hang the run.
inline RunResult run_shell(const std::string& command_line, const std::string& input = {}) {
    ScratchDirectory scratch;
    const auto in = scratch.path() / "in";
    const auto out = scratch.path() / "out";
    const auto err = scratch.path() / "err";
    std::ofstream(in, std::ios::binary) << input;
    const std::string command = "(ulimit -t 600; " + command_line + ") < '" + in.string() + "' > '" + out.string() + "' 2> '" + err.string() + "'";
    const int status = std::system(command.c_str());
    RunResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    return result;
}

// 'text', for a shell command line (the paths used here hold no quote). Built with
// append: GCC 12 warns falsely (-Wrestrict) about "'" + std::string.
inline std::string quoted(const std::string& text) {
    std::string q = "'";
    q.append(text);
    q.push_back('\'');
    return q;
}

inline std::string prune_binary() { return PRUNE_CLI_PATH; }
inline std::string source_dir() { return PRUNE_SOURCE_DIR; }
inline std::string example(const std::string& kind, const std::string& file) { return source_dir() + "/puzzles/" + kind + "/examples/" + file; }

// Runs `prune ARGS` (ARGS already quoted as for a shell).
inline RunResult run_prune(const std::string& args, const std::string& input = {}) { return run_shell(quoted(prune_binary()) + " " + args, input); }

// Writes `text` to `name` in `dir` and returns the path.
inline std::string write_file(const ScratchDirectory& dir, const std::string& name, const std::string& text) {
    const std::filesystem::path path = dir.path() / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

// What `prune ARGS` says about bad input: its standard error when it exits with
// exit code 2 as it should, else "exit code N: " and the error, which then matches no
// expected diagnostic.
inline std::string input_error(const std::string& args, const std::string& input = {}) {
    const RunResult r = run_prune(args, input);
    if (r.exit_code == 2) return r.err;
    std::string note = "exit code ";
    note.append(std::to_string(r.exit_code)).append(": ").append(r.err);
    return note;
}

inline bool z3_available() { return prune::test::have_program("z3"); }

}  // namespace prune::cli::testing
