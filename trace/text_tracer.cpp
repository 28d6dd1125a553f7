#include "trace/text_tracer.hpp"

namespace prune::trace {

bool TextTracer::begin(const Solver& solver, const std::string& source, std::string& /*error*/) {
    out_ << "trace of " << source << ": " << solver.variable_count() << " variables, " << solver.propagator_count() << " propagators\n";
    return true;
}

bool TextTracer::line(const std::string& text, int extra_indent) {
    if (limit_ != 0 && lines_ >= limit_) {
        if (!truncated_) out_ << "... trace cut after " << limit_ << " events (--trace-limit)\n";
        truncated_ = true;
        return false;
    }
    ++lines_;
    out_ << std::string(static_cast<std::size_t>(2 * (depth_ + extra_indent)), ' ') << text << '\n';
    return true;
}

void TextTracer::on_node(std::uint64_t id, std::uint64_t, int depth) {
    node_ = id;
    depth_ = depth;
    if (id == 0) line("[n0 d0] root", 0);
}

void TextTracer::on_decision(const Solver& s, const Literal& l, bool negated) {
    const DecisionText d = describe_decision(l, negated);
    // The decision's own domain change is implied by it: the line says it all.
    line("[n" + std::to_string(node_) + " d" + std::to_string(depth_) + "] " + s.display_name(l.var) + " " + d.op + " " + std::to_string(d.value), 0);
}

void TextTracer::on_propagator_start(const Solver&, const Propagator&) {
    in_run_ = true;
    changes_.clear();
}

void TextTracer::on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) {
    if (!in_run_) return;  // a decision's change: the decision line says it
    compute_delta(s, x, before, delta_);
    changes_ += (changes_.empty() ? "" : "  ") + s.display_name(x) + " " + delta_text(delta_);
}

void TextTracer::on_propagator_end(const Solver& s, const Propagator& p, Status) {
    in_run_ = false;
    if (!changes_.empty()) line(s.display_name(p) + ": " + changes_, 1);
    changes_.clear();
}

void TextTracer::on_failure(const Solver& s, const Propagator* p) {
    in_run_ = false;
    line(p != nullptr ? "FAIL " + s.display_name(*p) : std::string("FAIL decision"), 1);
}

void TextTracer::on_solution(const Solver&) {
    line("SOLUTION at node " + std::to_string(node_), 1);
}

void TextTracer::on_restart(std::uint64_t run) {
    depth_ = 0;
    line("RESTART " + std::to_string(run), 0);
}

void TextTracer::on_backtrack(int) {}

void TextTracer::on_learn(const Solver& s, const Fact* facts, std::size_t count, int lbd, int conflict_level, int backjump_level) {
    line("LEARN not(" + facts_text(s, facts, count) + ")  lbd " + std::to_string(lbd) + ", conflict at level " +
             std::to_string(conflict_level) + ", back to level " + std::to_string(backjump_level),
         1);
}

void TextTracer::finish(const Solver&, const SearchStatistics& st) {
    depth_ = 0;
    out_ << "end: " << st.nodes << " nodes, " << st.failures << " failures, " << st.solutions << " solutions, " << st.propagations << " propagations\n";
    out_.flush();
}

}  // namespace prune::trace
