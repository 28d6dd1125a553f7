// The FlatZinc builder posts array_var_int_element on x when its index y has an
// int_lin_eq saying y = x + k (MiniZinc's 0-based arrays indexed at i + 1), and the
// answers do not change: solution sets against brute force, with and without learning.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "support.hpp"

namespace {

// a in [a_low, a_low + 4], y = a + k stated by an int_lin_eq in one of four forms,
// r = [x1, .., xn][y] with some entries constants, and r + a <= limit.
struct OffsetElementModel {
    int a_low = 0, k = 0, form = 0, limit = 0;
    std::vector<int> entries;  // 0: a variable of 1..3, else that constant

    std::string fzn() const {
        std::ostringstream m;
        m << "var " << a_low << ".." << a_low + 4 << ": a :: output_var;\n";
        m << "var -1..7: y :: output_var;\n";
        std::ostringstream list;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (entries[i] == 0) m << "var 1..3: x" << i << " :: output_var;\n";
            if (i > 0) list << ',';
            if (entries[i] == 0) list << 'x' << i;
            else list << entries[i];
        }
        m << "var 1..3: r :: output_var;\n";
        // y = a + k: a - y = -k, y - a = k, and the same with the terms swapped.
        const char* forms[] = {"[1,-1],[a,y],", "[-1,1],[a,y],", "[1,-1],[y,a],", "[-1,1],[y,a],"};
        const int rhs = form == 0 || form == 3 ? -k : k;
        m << "constraint int_lin_eq(" << forms[form] << rhs << ");\n";
        m << "constraint array_var_int_element(y,[" << list.str() << "],r);\n";
        m << "constraint int_lin_le([1,1],[r,a]," << limit << ");\n";
        m << "solve satisfy;\n";
        return m.str();
    }

    // The solutions by brute force, each as fzn-prune prints it.
    std::vector<std::string> solutions() const {
        std::vector<std::string> found;
        std::vector<int> x(entries.size(), 1);
        const int n = static_cast<int>(entries.size());
        for (int a = a_low; a <= a_low + 4; ++a) {
            const int y = a + k;
            if (y < 1 || y > n) continue;
            for (int code = 0;; ++code) {  // the variable entries, 1..3 each
                int c = code, vars = 0;
                for (std::size_t i = 0; i < entries.size(); ++i) {
                    if (entries[i] != 0) continue;
                    x[i] = 1 + c % 3;
                    c /= 3;
                    ++vars;
                }
                if (c > 0) break;
                const int at = entries[static_cast<std::size_t>(y - 1)];
                const int r = at != 0 ? at : x[static_cast<std::size_t>(y - 1)];
                if (r >= 1 && r <= 3 && r + a <= limit) {
                    std::ostringstream s;
                    s << "a = " << a << ";\ny = " << y << ";\n";
                    for (std::size_t i = 0; i < entries.size(); ++i) {
                        if (entries[i] == 0) s << 'x' << i << " = " << x[i] << ";\n";
                    }
                    s << "r = " << r << ";\n";
                    found.push_back(s.str());
                }
                if (vars == 0) break;
            }
        }
        std::sort(found.begin(), found.end());
        return found;
    }
};

OffsetElementModel random_model(std::mt19937& rng) {
    OffsetElementModel m;
    m.a_low = -2 + static_cast<int>(rng() % 4);
    m.k = -2 + static_cast<int>(rng() % 5);
    m.form = static_cast<int>(rng() % 4);
    m.limit = 2 + static_cast<int>(rng() % 5);
    const int n = 3 + static_cast<int>(rng() % 2);
    for (int i = 0; i < n; ++i) m.entries.push_back(rng() % 4 == 0 ? 1 + static_cast<int>(rng() % 3) : 0);
    return m;
}

}  // namespace

TEST_CASE("FlatZinc: element indexed through y = x + k keeps every solution (brute force)", "[flatzinc][element]") {
    using namespace prune::test::fzn;
    std::mt19937 rng(20261203);
    const std::filesystem::path file = temp_dir() / "element_by_base.fzn";
    int by_base = 0, left = 0, with_solutions = 0;
    for (int round = 0; round < 200; ++round) {
        const OffsetElementModel model = random_model(rng);
        const std::vector<std::string> expected = model.solutions();
        if (!expected.empty()) ++with_solutions;
        prune::flatzinc::BuiltModel built;
        REQUIRE(build_text(model.fzn(), "element_by_base.fzn", built).empty());
        (built.elements_by_base > 0 ? by_base : left) += 1;
        INFO(model.fzn());
        std::ofstream(file) << model.fzn();
        for (const std::vector<std::string>& flags : {std::vector<std::string>{}, {"--learn"}, {"--learn", "-f", "-r", "7"}}) {
            if (!prune::test::runs_here(flags)) continue;
            const Output all = run_file("-a", flags, file);
            REQUIRE(all.code == 0);
            REQUIRE(sorted_solutions(all.out) == expected);
        }
    }
    // Both paths are taken (k <= 1 on x's side, else y stays the index), and the
    // models have solutions to lose.
    CHECK(by_base > 80);
    CHECK(left > 10);
    CHECK(with_solutions > 100);
}
