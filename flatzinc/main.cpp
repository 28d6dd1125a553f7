// fzn-prune: the FlatZinc executable MiniZinc runs (see prune.msc).
#include <iostream>

#include "engine/standard_host_probes.hpp"
#include "flatzinc.hpp"

int main(int argc, char** argv) {
    prune::install_host_probes(prune::standard_host_probes());  // for time and memory limits
    std::ios::sync_with_stdio(false);
    return prune::flatzinc::run(argc, argv, std::cout, std::cerr);
}
