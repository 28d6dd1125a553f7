// The cube file (`prune split ... --cubes N`) and the cube results file (`prune solve
// ... --cubes FILE`), read by `prune merge`: plain text, one record per line, so
// that a cluster's scheduler, GNU parallel or a person can cut them into ranges.
// The format is described in docs/scaling.md:
//
//     prune-cubes 1
//     problem quarto torus.txt --var first-fail
//     model 16 variables 40 propagators fingerprint 9f3a61c2d0e4b857
//     cubes 3
//     0: 3=1 5<=4
//     1: 3=1 5>=5
//     2: 3=2
//
// A decision names its variable by index (the model builds the same variables in
// the same order everywhere; the model line's fingerprint of the root domains makes
// sure of it): `I=V`, `I<=V`, `I>=V`.
//
//     prune-results 1
//     problem quarto torus.txt --var first-fail
//     mode count
//     cubes 3                        (in the whole cube file; a range solves some)
//     0: count 120
//     1: unknown
//     2: solution 3 1 4 ...          (mode all / first: one line per solution)
//     2: done
//     2: best 17                     (optimisation: the cube's best objective)
//
// FlatZinc (prune split fzn, prune fzn --cubes): the problem line is `fzn FILE
// [-a] [-f]`, the model fingerprint also covers the bytes of the .fzn file, the
// modes are first, all, minimize and maximize, and a solution is the FlatZinc
// output on one line (`x = 3; y = array1d(1..2, [1, 2]);`).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parallel/parallel_search.hpp"

namespace prune {

// What identifies a model across processes and machines.
struct ModelFingerprint {
    int variables = 0;
    int propagators = 0;
    std::uint64_t hash = 0;  // FNV-1a over every variable's root domain
    bool operator==(const ModelFingerprint&) const = default;
};

// Of the solver's current domains (call at the root, after propagation).
ModelFingerprint fingerprint_of(const Solver& solver);
// Continues the fingerprint's hash over `bytes` (FlatZinc: the .fzn file itself, so
// that a cube file cannot be applied to another model with the same root domains).
void mix_into(ModelFingerprint& fingerprint, std::string_view bytes);

struct CubeFile {
    std::string problem;  // the command's problem and settings, as the user gave them
    ModelFingerprint model;
    std::vector<Cube> cubes;
};

std::string write_cube_file(const CubeFile& file);
// False with `error` ("NAME:LINE:COL: error: ...") on a malformed file.
bool read_cube_file(const std::string& text, const std::string& name, CubeFile& file, std::string& error);

// One cube's outcome in a results file.
struct CubeResult {
    std::size_t cube = 0;
    bool done = false;                      // searched to the end
    std::uint64_t count = 0;                // mode count
    std::vector<std::string> solutions;     // modes all and first: one rendered line each
    bool has_best = false;                  // optimisation
    std::int64_t best = 0;
};

struct ResultsFile {
    std::string problem;
    std::string mode;  // count, all, first; FlatZinc also minimize, maximize
    std::size_t cubes = 0;  // in the cube file
    std::vector<CubeResult> results;
};

std::string write_results_header(const std::string& problem, const std::string& mode, std::size_t cubes);
std::string write_cube_result(const CubeResult& result, const std::string& mode);
bool read_results_file(const std::string& text, const std::string& name, ResultsFile& file, std::string& error);

// [first, last) from "A:B" (either side may be empty: 0 and the end). False on a
// malformed range.
bool parse_cube_range(const std::string& text, std::size_t cubes, std::size_t& first, std::size_t& last);

}  // namespace prune
