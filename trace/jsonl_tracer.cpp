#include "trace/jsonl_tracer.hpp"

#include <utility>

#include "engine/learning/explanation.hpp"
#include "support/json_writer.hpp"

namespace prune::trace {
namespace {

void append_int(std::string& out, std::int64_t v) { out += std::to_string(v); }

void append_key(std::string& out, const char* key) {
    out += ",\"";
    out += key;
    out += "\":";
}

const char* status_text(Status status) {
    switch (status) {
        case Status::ok: return "ok";
        case Status::failed: return "failed";
        case Status::entailed: return "entailed";
    }
    return "ok";
}

// "r3c4" -> (3, 4); false for any other name.
bool parse_grid_name(const std::string& name, int& row, int& column) {
    if (name.size() < 4 || name[0] != 'r') return false;
    std::size_t i = 1;
    auto number = [&](int& out) {
        const std::size_t start = i;
        out = 0;
        while (i < name.size() && name[i] >= '0' && name[i] <= '9' && i - start < 6) out = out * 10 + (name[i++] - '0');
        return i > start;
    };
    if (!number(row) || i >= name.size() || name[i] != 'c') return false;
    ++i;
    return number(column) && i == name.size() && row > 0 && column > 0;
}

}  // namespace

namespace {

// A cell of a puzzle grid, found from a variable named r<row>c<column>.
struct GridCell {
    int variable, row, column;
};

// {"name":..,"min":..,"max":..[,"values":[..]]} for one variable of the header.
void append_variable(std::string& h, const Solver& solver, IntVar x, const std::string& name) {
    h += "{\"name\":";
    support::append_json_string(h, name);
    append_key(h, "min");
    append_int(h, solver.min(x));
    append_key(h, "max");
    append_int(h, solver.max(x));
    const std::int64_t size = solver.size(x);
    if (size != std::int64_t{solver.max(x)} - solver.min(x) + 1 && size <= max_traced_values) {
        append_key(h, "values");
        h += '[';
        bool first = true;
        solver.for_each_value(x, [&](int v) {
            if (!first) h += ',';
            first = false;
            append_int(h, v);
        });
        h += ']';
    }
    h += '}';
}

// "propagators":[{"name":..,"kind":..},..]
void append_propagators(std::string& h, const Solver& solver) {
    append_key(h, "propagators");
    h += '[';
    for (int id = 0; id < solver.propagator_count(); ++id) {
        const Propagator& p = solver.propagator(id);
        if (id > 0) h += ',';
        h += "{\"name\":";
        support::append_json_string(h, solver.display_name(p));
        append_key(h, "kind");
        support::append_json_string(h, p.kind());
        h += '}';
    }
    h += ']';
}

// "grid":{"rows":..,"columns":..,"cells":[[variable,row,column],..]}, when there are cells.
void append_grid(std::string& h, const std::vector<GridCell>& cells) {
    if (cells.empty()) return;
    int rows = 0;
    int columns = 0;
    for (const GridCell& c : cells) {
        rows = std::max(rows, c.row);
        columns = std::max(columns, c.column);
    }
    append_key(h, "grid");
    h += "{\"rows\":";
    append_int(h, rows);
    append_key(h, "columns");
    append_int(h, columns);
    append_key(h, "cells");
    h += '[';
    for (std::size_t k = 0; k < cells.size(); ++k) {
        if (k > 0) h += ',';
        h += '[';
        append_int(h, cells[k].variable);
        h += ',';
        append_int(h, cells[k].row);
        h += ',';
        append_int(h, cells[k].column);
        h += ']';
    }
    h += "]}";
}

}  // namespace

bool JsonlTracer::begin(const Solver& solver, const std::string& source, std::string& /*error*/) {
    start_ = std::chrono::steady_clock::now();
    std::string h = "{\"e\":\"header\",\"format\":\"prune-trace\",\"version\":";
    append_int(h, trace_format_version);
    append_key(h, "source");
    support::append_json_string(h, source);
    append_key(h, "times");
    h += times_ ? "true" : "false";
    append_key(h, "variables");
    h += '[';
    std::vector<GridCell> cells;
    for (int i = 0; i < solver.variable_count(); ++i) {
        if (i > 0) h += ',';
        const std::string name = solver.display_name(IntVar{i});
        append_variable(h, solver, IntVar{i}, name);
        int row = 0;
        int column = 0;
        if (parse_grid_name(name, row, column)) cells.push_back({i, row, column});
    }
    h += ']';
    append_propagators(h, solver);
    append_grid(h, cells);
    h += "}\n";
    write(h);
    return true;
}

void JsonlTracer::write(std::string_view text) {
    if (text_ != nullptr) text_->append(text);
    else stream_->write(text.data(), static_cast<std::streamsize>(text.size()));
}

bool JsonlTracer::open_event(const char* type) {
    if (limit_ != 0 && events_ >= limit_) {
        if (!truncated_) {
            truncated_ = true;
            write("{\"e\":\"truncated\",\"limit\":" + std::to_string(limit_) + "}\n");
        }
        return false;
    }
    ++events_;
    line_ = "{\"e\":\"";
    line_ += type;
    line_ += '"';
    if (times_) {
        append_key(line_, "t");
        append_int(line_, std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start_).count());
    }
    return true;
}

void JsonlTracer::close_event() {
    line_ += "}\n";
    write(line_);
}

void JsonlTracer::on_node(std::uint64_t id, std::uint64_t parent, int depth) {
    node_ = id;
    if (!open_event("node")) return;
    append_key(line_, "id");
    line_ += std::to_string(id);
    append_key(line_, "parent");
    line_ += std::to_string(parent);
    append_key(line_, "depth");
    append_int(line_, depth);
    close_event();
}

void JsonlTracer::on_decision(const Solver&, const Literal& l, bool negated) {
    if (!open_event("decision")) return;
    const DecisionText d = describe_decision(l, negated);
    append_key(line_, "node");
    line_ += std::to_string(node_);
    append_key(line_, "var");
    append_int(line_, l.var.index);
    append_key(line_, "op");
    line_ += '"';
    line_ += d.op;
    line_ += '"';
    append_key(line_, "value");
    append_int(line_, d.value);
    close_event();
}

void JsonlTracer::on_propagator_start(const Solver&, const Propagator& p) {
    in_run_ = open_event("prop");
    run_changed_ = false;
    if (!in_run_) return;
    append_key(line_, "node");
    line_ += std::to_string(node_);
    append_key(line_, "p");
    append_int(line_, p.id());
    append_key(line_, "changes");
    line_ += '[';
}

void JsonlTracer::append_change(const Solver& s, IntVar x, const DomainBefore& before) {
    compute_delta(s, x, before, delta_);
    line_ += "\"var\":";
    append_int(line_, x.index);
    if (delta_.by_values) {
        append_key(line_, "removed");
        line_ += '[';
        for (std::size_t i = 0; i < delta_.removed.size(); ++i) {
            if (i > 0) line_ += ',';
            append_int(line_, delta_.removed[i]);
        }
        line_ += ']';
    } else {
        append_key(line_, "min");
        append_int(line_, delta_.min);
        append_key(line_, "max");
        append_int(line_, delta_.max);
    }
}

void JsonlTracer::on_domain_change(const Solver& s, IntVar x, const DomainBefore& before) {
    if (in_run_) {
        line_ += run_changed_ ? ",{" : "{";
        run_changed_ = true;
        append_change(s, x, before);
        line_ += '}';
        return;
    }
    if (!open_event("change")) return;
    append_key(line_, "node");
    line_ += std::to_string(node_);
    line_ += ',';
    append_change(s, x, before);
    close_event();
}

void JsonlTracer::on_propagator_end(const Solver&, const Propagator&, Status status) {
    if (!in_run_) return;
    in_run_ = false;
    line_ += ']';
    append_key(line_, "status");
    line_ += '"';
    line_ += status_text(status);
    line_ += '"';
    close_event();
}

void JsonlTracer::on_failure(const Solver&, const Propagator* p) {
    in_run_ = false;
    if (!open_event("fail")) return;
    append_key(line_, "node");
    line_ += std::to_string(node_);
    if (p != nullptr) {
        append_key(line_, "p");
        append_int(line_, p->id());
    }
    close_event();
}

void JsonlTracer::on_solution(const Solver& s) {
    if (!open_event("solution")) return;
    append_key(line_, "node");
    line_ += std::to_string(node_);
    append_key(line_, "values");
    line_ += '[';
    for (int i = 0; i < s.variable_count(); ++i) {
        if (i > 0) line_ += ',';
        append_int(line_, s.value(IntVar{i}));
    }
    line_ += ']';
    close_event();
}

void JsonlTracer::on_restart(std::uint64_t run) {
    if (!open_event("restart")) return;
    append_key(line_, "run");
    line_ += std::to_string(run);
    close_event();
}

void JsonlTracer::on_backtrack(int depth) {
    if (!open_event("backtrack")) return;
    append_key(line_, "depth");
    append_int(line_, depth);
    close_event();
}

void JsonlTracer::on_learn(const Solver&, const Fact* facts, std::size_t count, int lbd, int conflict_level, int backjump_level) {
    if (!open_event("learn")) return;
    append_key(line_, "node");
    line_ += std::to_string(node_);
    append_key(line_, "nogood");
    line_ += '[';
    for (std::size_t i = 0; i < count; ++i) {
        line_ += i > 0 ? ",{\"var\":" : "{\"var\":";
        append_int(line_, facts[i].var);
        line_ += ",\"op\":\"";
        line_ += fact_op(facts[i]);
        line_ += '"';
        append_key(line_, "value");
        append_int(line_, facts[i].value);
        line_ += '}';
    }
    line_ += ']';
    append_key(line_, "lbd");
    append_int(line_, lbd);
    append_key(line_, "level");
    append_int(line_, conflict_level);
    append_key(line_, "jump");
    append_int(line_, backjump_level);
    close_event();
}

void JsonlTracer::finish(const Solver&, const SearchStatistics& st) {
    std::string e = "{\"e\":\"end\",\"nodes\":" + std::to_string(st.nodes);
    append_key(e, "failures");
    e += std::to_string(st.failures);
    append_key(e, "solutions");
    e += std::to_string(st.solutions);
    append_key(e, "propagations");
    e += std::to_string(st.propagations);
    append_key(e, "restarts");
    e += std::to_string(st.restarts);
    append_key(e, "max_depth");
    e += std::to_string(st.max_depth);
    append_key(e, "events");
    e += std::to_string(events_);
    append_key(e, "truncated");
    e += truncated_ ? "true" : "false";
    e += "}\n";
    write(e);
    if (stream_ != nullptr) stream_->flush();
}

}  // namespace prune::trace
