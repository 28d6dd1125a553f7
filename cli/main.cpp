// prune: the command line. Parses the arguments, then hands over to one subcommand.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/standard_host_probes.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/help.hpp"
#include "engine/standard_host_probes.hpp"
#include "support/output_file.hpp"
#include "puzzles/registry.hpp"

namespace {

using namespace prune::cli;

// -o FILE: opened before anything is read or solved, so that a path that cannot be
// written costs nothing; an input file given as FILE is refused (it would be emptied
// before it is read).
bool open_command_output(const CommandLine& command, std::ofstream& file) {
    for (const std::string& input : command.files) {
        std::error_code ec;
        if (input != "-" && std::filesystem::equivalent(input, command.output_file, ec)) {
            std::cerr << "prune: error: -o " << command.output_file << " is an input file: it would be overwritten before it is read\n";
            return false;
        }
    }
    std::string error;
    if (prune::support::open_output_file(command.output_file, file, error)) return true;
    std::cerr << error << "\n";
    return false;
}

int run_command(const CommandLine& command, std::ostream& out) {
    switch (command.command) {
        case Command::help: out << main_help(); return exit_solved;
        case Command::help_topic: out << help_topic(command.topic); return exit_solved;
        case Command::version: out << version_text(); return exit_solved;
        case Command::kind_help: out << kind_help(*prune::puzzles::Registry::global().find(command.kind)); return exit_solved;
        case Command::list: return run_list(out);
        case Command::solve: return run_solve(command, out, std::cerr);
        case Command::check: return run_check(command, out, std::cerr);
        case Command::smtlib: return run_smtlib(command, out, std::cerr);
        case Command::trace_view: return run_trace_view(command, out, std::cerr);
        case Command::split: return run_split(command, out, std::cerr);
    }
    return exit_usage;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace prune::cli;
    // The engine reads no clock itself: time and memory limits use these.
    prune::install_host_probes(prune::standard_host_probes());
    // Nothing happens before the arguments are parsed: a whole process that prints
    // --version or solves a seed puzzle costs little more than its start-up.
    const std::vector<std::string> args(argv + 1, argv + argc);
    // `prune fzn FILE [flags]` is fzn-prune (which parses its own flags) with prune's tracing.
    if (!args.empty() && args[0] == "fzn") {
        std::ios::sync_with_stdio(false);
        return run_fzn(std::vector<std::string>(args.begin() + 1, args.end()), std::cout, std::cerr);
    }
    // `prune xcsp3 FILE [flags]` likewise: the XCSP3 front end parses its own flags.
    if (!args.empty() && args[0] == "xcsp3") {
        std::ios::sync_with_stdio(false);
        return run_xcsp3(std::vector<std::string>(args.begin() + 1, args.end()), std::cout, std::cerr);
    }
    // `prune generate KIND SIZE [...]` has its own few options.
    if (!args.empty() && args[0] == "generate") return run_generate(std::vector<std::string>(args.begin() + 1, args.end()), std::cout, std::cerr);
    // `prune split fzn MODEL.fzn --cubes N`: FlatZinc's cubes (no puzzle kind to parse).
    if (args.size() >= 2 && args[0] == "split" && args[1] == "fzn") {
        std::ios::sync_with_stdio(false);
        return run_split_fzn(std::vector<std::string>(args.begin() + 2, args.end()), std::cout, std::cerr);
    }
    // `prune merge RESULTS...`: the per-cube results of prune solve --cubes, combined.
    if (!args.empty() && args[0] == "merge") {
        std::ios::sync_with_stdio(false);
        return run_merge(std::vector<std::string>(args.begin() + 1, args.end()), std::cout, std::cerr);
    }
    const CommandLineResult parsed = parse_command_line(args);
    if (!parsed.command_line) {
        std::cerr << "prune: error: " << parsed.error << "\n" << "Run 'prune --help' for usage.\n";
        return exit_usage;
    }
    const CommandLine& command = *parsed.command_line;
    // Unsynchronised streams write faster (batch output is large), at the price of a
    // buffer per standard stream: only for the commands that solve or read files.
    const bool prints_little = command.command == Command::help || command.command == Command::help_topic ||
                               command.command == Command::version || command.command == Command::kind_help ||
                               command.command == Command::list;
    if (!prints_little) std::ios::sync_with_stdio(false);
    const bool writes_output_file = !command.output_file.empty() && command.command != Command::trace_view;
    if (!writes_output_file) return run_command(command, std::cout);
    std::ofstream file;
    if (!open_command_output(command, file)) return exit_usage;
    const int code = run_command(command, file);
    file.flush();
    if (!file) {
        std::cerr << "prune: error: cannot write " << command.output_file << ": the write failed\n";
        return exit_usage;
    }
    return code;
}
