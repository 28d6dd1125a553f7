// `cmake --install` of this build into a scratch prefix: the installed tree holds the
// prune command, the headers under include/prune/, the examples, the man page and the
// bash completion, and the installed prune names and solves its installed examples.
#include "catch.hpp"

#if defined(PRUNE_CLI_PATH) && defined(PRUNE_BINARY_DIR) && defined(PRUNE_CMAKE_COMMAND)
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <vector>

#include "puzzles/registry.hpp"
#include "support/cli_run.hpp"

using namespace prune::cli::testing;
namespace fs = std::filesystem;

namespace {


// `text` as one shell word, whatever quotes it holds.
std::string shell_word(const std::string& text) {
    std::string word = "'";
    for (const char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return word + "'";
}

// The path in the "  prune solve KIND PATH" line of `prune KIND --help`, or "".
std::string help_example_path(const std::string& help, const std::string& kind) {
    const std::string marker = "  prune solve " + kind + " ";
    for (std::size_t at = help.find(marker); at != std::string::npos; at = help.find(marker, at + 1)) {
        const std::size_t start = at + marker.size();
        const std::string path = help.substr(start, help.find('\n', start) - start);
        if (!path.empty() && path[0] != ' ' && path.find(' ') == std::string::npos) return path;
    }
    return {};
}

// The words bash completion offers for the command line `words` (the last one is
// the word being completed), with the installed completion file.
std::string complete(const fs::path& completion, const fs::path& prune, const std::string& words) {
    const std::string script = "source " + quoted(completion.string()) + "; COMP_WORDS=(" + quoted(prune.string()) + " " + words +
                               "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _prune; printf '%s\\n' \"${COMPREPLY[@]}\"";
    const RunResult r = run_shell("bash -c " + shell_word(script));
    INFO(r.err);
    CHECK(r.exit_code == 0);
    return r.out;
}

}  // namespace

TEST_CASE("cmake --install: bin/prune, include/prune, examples, man page, completion", "[cli][install]") {
    ScratchDirectory scratch;
    const fs::path prefix = scratch.path() / "prefix";
    const RunResult install = run_shell(quoted(PRUNE_CMAKE_COMMAND) + " --install " + quoted(PRUNE_BINARY_DIR) + " --prefix " + quoted(prefix.string()));
    INFO(install.out << install.err);
    REQUIRE(install.exit_code == 0);

    const fs::path prune = prefix / "bin" / "prune";
    const fs::path completion = prefix / "share" / "bash-completion" / "completions" / "prune";
    CHECK(fs::is_regular_file(prune));
    CHECK(fs::is_regular_file(prefix / "bin" / "fzn-prune"));
    CHECK(fs::is_regular_file(prefix / "include" / "prune" / "prune.hpp"));
    CHECK(fs::is_regular_file(prefix / "include" / "prune" / "propagators" / "alldifferent_domain.hpp"));
    CHECK_FALSE(fs::exists(prefix / "include" / "engine"));
    CHECK(fs::is_regular_file(prefix / "share" / "man" / "man1" / "prune.1"));
    CHECK(fs::is_regular_file(completion));

    // The man page: a roff page with the commands, the exit codes and the files.
    const std::string man = slurp(prefix / "share" / "man" / "man1" / "prune.1");
    CHECK(man.rfind(".TH PRUNE 1", 0) == 0);
    for (const char* section : {".SH COMMANDS", ".SH SOLVE OPTIONS", ".SH EXIT STATUS", ".SH FILES"}) CHECK(contains(man, section));

    // Every kind: its examples are installed, its help names one of them by its
    // installed path, and the installed prune solves that file.
    for (const prune::puzzles::PuzzleKind& kind : prune::puzzles::Registry::global().kinds()) {
        INFO(kind.name);
        const fs::path examples = prefix / "share" / "prune" / "examples" / kind.name;
        CHECK(fs::is_regular_file(examples / kind.example_file));
        const RunResult help = run_shell(quoted(prune.string()) + " " + kind.name + " --help");
        REQUIRE(help.exit_code == 0);
        const std::string path = help_example_path(help.out, kind.name);
        INFO(help.out);
        REQUIRE(!path.empty());
        CHECK(fs::equivalent(path, examples / kind.example_file));
        const RunResult solved = run_shell("cd / && " + quoted(prune.string()) + " solve " + kind.name + " " + quoted(path) + " --first");
        INFO(solved.out << solved.err);
        CHECK(solved.exit_code == 0);
    }

    // The completion: commands, the kinds from `prune list`, solve's and a kind's options.
    CHECK(contains(complete(completion, prune, "so"), "solve\n"));
    const std::string kinds = complete(completion, prune, "solve s");
    CHECK(contains(kinds, "seki\n"));
    CHECK(contains(kinds, "sudoku\n"));
    CHECK(contains(complete(completion, prune, "solve sudoku --ti"), "--time-limit\n"));
    CHECK(contains(complete(completion, prune, "solve kurosu --uni"), "--unique-lines\n"));
    CHECK(contains(complete(completion, prune, "solve sudoku --var d"), "domwdeg\n"));
}

TEST_CASE("the man page and the completion know every option of prune --help", "[cli][install]") {
    // The options of `prune --help` and of its topics (`prune help solve`, ...).
    RunResult help = run_prune("--help");
    REQUIRE(help.exit_code == 0);
    for (const char* topic : {"solve", "batch", "trace", "exit-codes"}) {
        const RunResult page = run_prune(std::string("help ") + topic);
        REQUIRE(page.exit_code == 0);
        help.out += page.out;
    }
    const std::string man = slurp(source_dir() + "/docs/prune.1");
    const std::string completion = slurp(source_dir() + "/scripts/prune-completion.bash");
    REQUIRE(!man.empty());
    REQUIRE(!completion.empty());
    std::vector<std::string> kind_options;
    for (const prune::puzzles::PuzzleKind& kind : prune::puzzles::Registry::global().kinds()) {
        for (const prune::puzzles::KindOption& option : kind.options) kind_options.push_back(option.flag);
    }
    int options = 0;
    for (std::size_t at = help.out.find("--"); at != std::string::npos; at = help.out.find("--", at + 2)) {
        std::size_t end = at + 2;
        while (end < help.out.size() && (std::islower(static_cast<unsigned char>(help.out[end])) || help.out[end] == '-')) ++end;
        const std::string option = help.out.substr(at, end - at);
        if (option.size() < 3 || std::find(kind_options.begin(), kind_options.end(), option) != kind_options.end()) continue;
        INFO(option);
        ++options;
        std::string roff;  // in roff, a minus sign is \-
        for (const char c : option) roff += c == '-' ? std::string("\\-") : std::string(1, c);
        CHECK(contains(man, roff));
        CHECK(contains(completion, option));
        at = end - 2;
    }
    CHECK(options > 20);
    // The page's header names this version ("prune 0.1.0").
    const RunResult version = run_prune("--version");
    const std::string version_line = version.out.substr(0, version.out.find('\n'));
    CHECK(contains(man.substr(0, man.find('\n')), "\"" + version_line + "\""));
}

TEST_CASE("every kind names an example file that exists in its source tree", "[cli][install]") {
    for (const prune::puzzles::PuzzleKind& kind : prune::puzzles::Registry::global().kinds()) {
        INFO(kind.name);
        REQUIRE(!kind.example_file.empty());
        CHECK(fs::is_regular_file(example(kind.name, kind.example_file)));
        // From the build tree, the help names the path from the top of the source tree.
        const RunResult help = run_prune(kind.name + " --help");
        CHECK(contains(help.out, "  prune solve " + kind.name + " puzzles/" + kind.name + "/examples/" + kind.example_file + "\n"));
    }
}
#endif
