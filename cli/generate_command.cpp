// prune generate KIND SIZE [--seed N] [--difficulty easy|hard] [-o FILE]: writes a
// puzzle with exactly one solution in the kind's plain format (puzzles/generate.hpp).
#include <fstream>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/help.hpp"
#include "puzzles/generate.hpp"
#include "support/output_file.hpp"

namespace prune::cli {
namespace {

// A whole decimal number, or false.
bool whole_number(const std::string& text, std::uint64_t& value) {
    if (text.empty() || text.size() > 19) return false;
    value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return true;
}

int usage_error(std::ostream& err, const std::string& message) {
    err << "prune: error: " << message << "\n" << generate_help();
    return exit_usage;
}

}  // namespace

int run_generate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    puzzles::GenerateSettings settings;
    std::string output_file;
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            out << generate_help();
            return exit_solved;
        }
        const bool takes_value = arg == "--seed" || arg == "--difficulty" || arg == "-o";
        if (takes_value && i + 1 >= args.size()) return usage_error(err, "option " + arg + " needs a value");
        if (arg == "--seed") {
            if (!whole_number(args[++i], settings.seed)) return usage_error(err, "--seed takes a whole number, not '" + args[i] + "'");
        } else if (arg == "--difficulty") {
            const std::string& d = args[++i];
            if (d != "easy" && d != "hard") return usage_error(err, "--difficulty is easy or hard, not '" + d + "'");
            settings.difficulty = d == "easy" ? puzzles::GenerateDifficulty::easy : puzzles::GenerateDifficulty::hard;
        } else if (arg == "-o") {
            output_file = args[++i];
        } else if (!arg.empty() && arg[0] == '-') {
            return usage_error(err, "unknown option '" + arg + "' for prune generate");
        } else {
            positional.push_back(arg);
        }
    }
    if (positional.size() != 2) return usage_error(err, "prune generate takes a KIND and a SIZE");
    settings.kind = positional[0];
    std::uint64_t size = 0;
    if (!whole_number(positional[1], size) || size > 100) return usage_error(err, "the SIZE is a whole number, not '" + positional[1] + "'");
    settings.size = static_cast<int>(size);
    const puzzles::GenerateResult result = puzzles::generate_puzzle(settings);
    if (!result.error.empty()) return usage_error(err, result.error);
    if (output_file.empty()) {
        out << result.text;
        return exit_solved;
    }
    std::ofstream file;
    std::string error;
    if (!support::open_output_file(output_file, file, error)) {
        err << error << "\n";
        return exit_usage;
    }
    file << result.text;
    return exit_solved;
}

}  // namespace prune::cli
