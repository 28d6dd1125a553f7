// fzn-prune: the FlatZinc executable MiniZinc runs (see prune.msc).
#include <iostream>

#include "flatzinc.hpp"

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    return prune::flatzinc::run(argc, argv, std::cout, std::cerr);
}
