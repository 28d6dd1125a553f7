#include "puzzles/solution_reader.hpp"

#include <algorithm>
#include <charconv>

#include "puzzles/common/support_names.hpp"

namespace prune::puzzles {
namespace {

// The line and column of byte `offset` of `text` (columns count characters, as
// everywhere: see source_text.hpp).
std::pair<int, int> position_of(const std::string& text, std::size_t offset) {
    int line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    const std::size_t end = std::min(offset, text.size());
    return {line, column_width(std::string_view(text).substr(line_start, end - line_start)) + 1};
}

// "V12" -> 12; -1 for any other atom.
int cell_of_symbol(const SExpr& e) {
    if (e.is_list || e.atom.size() < 2 || e.atom[0] != 'V') return -1;
    int cell = 0;
    const char* first = e.atom.data() + 1;
    const char* last = e.atom.data() + e.atom.size();
    const auto [end, ec] = std::from_chars(first, last, cell);
    if (ec != std::errc() || end != last || cell < 0) return -1;
    return cell;
}

// A numeral, or (- numeral): the integer values an SMT solver prints.
std::optional<long long> integer_of(const SExpr& e) {
    if (e.is_list) {
        if (e.items.size() == 2 && !e.items[0].is_list && e.items[0].atom == "-") {
            const auto inner = integer_of(e.items[1]);
            if (inner) return -*inner;
        }
        return std::nullopt;
    }
    long long v = 0;
    const char* first = e.atom.data();
    const char* last = e.atom.data() + e.atom.size();
    const auto [end, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || end != last) return std::nullopt;
    return v;
}

struct ModelCollector {
    int cells;
    Values values;
    std::vector<bool> seen;
    Diagnostic* error;
    const SourceText* text;

    bool record(const SExpr& where, int cell, const SExpr& value_expr) {
        const auto value = integer_of(value_expr);
        if (!value) {
            *error = text->error_at(value_expr.line, value_expr.column, "the value of V" + std::to_string(cell) + " is not an integer");
            return false;
        }
        if (cell >= cells) {
            *error = text->error_at(where.line, where.column,
                                    cell_name(cell) + " is not a cell of this puzzle (it has " + std::to_string(cells) + " cells)");
            return false;
        }
        if (*value < -1000000000LL || *value > 1000000000LL) {
            *error = text->error_at(value_expr.line, value_expr.column, "the value of V" + std::to_string(cell) + " is out of range");
            return false;
        }
        values[cell] = static_cast<int>(*value);
        seen[cell] = true;
        return true;
    }

    // Finds (Vk value) pairs and (define-fun Vk () Int value) definitions anywhere.
    bool visit(const SExpr& e) {
        if (!e.is_list) return true;
        if (e.items.size() == 5 && !e.items[0].is_list && e.items[0].atom == "define-fun") {
            const int cell = cell_of_symbol(e.items[1]);
            if (cell >= 0) return record(e, cell, e.items[4]);
            return true;
        }
        if (e.items.size() == 2) {
            const int cell = cell_of_symbol(e.items[0]);
            if (cell >= 0) return record(e, cell, e.items[1]);
        }
        for (const SExpr& item : e.items) {
            if (!visit(item)) return false;
        }
        return true;
    }
};

bool looks_like_json(const std::string& text) {
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
        return c == '{';
    }
    return false;
}

// An SMT answer starts with sat/unsat/unknown or with '(' (a bare model).
bool looks_like_smt(const SourceText& text) {
    const std::vector<SourceLine> lines = text.content_lines();
    if (lines.empty()) return false;
    const std::string& first = lines.front().text;
    if (first[0] == '(' || first[0] == ';') return true;
    const std::string word = first.substr(0, first.find_first_of(" \t("));
    return word == "sat" || word == "unsat" || word == "unknown";
}

}  // namespace

std::optional<Values> read_smt_model(int cells, const SourceText& text, Diagnostic& error) {
    SExprError parse_error;
    const auto exprs = parse_sexprs(text.text, parse_error);
    if (!exprs) {
        error = text.error_at(parse_error.line, parse_error.column, "unreadable SMT answer: " + parse_error.message);
        return std::nullopt;
    }
    ModelCollector collector{cells, Values(static_cast<std::size_t>(cells), 0), std::vector<bool>(static_cast<std::size_t>(cells), false), &error, &text};
    for (const SExpr& e : *exprs) {
        if (!e.is_list && (e.atom == "unsat" || e.atom == "unknown")) {
            error = text.error_at(e.line, e.column, "the SMT solver answered " + e.atom + ": there is no model to check");
            return std::nullopt;
        }
        if (e.is_list && !e.items.empty() && !e.items[0].is_list && e.items[0].atom == "error") {
            const std::string message = e.items.size() > 1 ? e.items[1].atom : "";
            error = text.error_at(e.line, e.column, "the SMT solver reported an error: " + message);
            return std::nullopt;
        }
        if (!collector.visit(e)) return std::nullopt;
    }
    for (int c = 0; c < cells; ++c) {
        if (!collector.seen[c]) {
            error = text.error_at(text.last_line_number(), 1, "the model gives no value for V" + std::to_string(c));
            return std::nullopt;
        }
    }
    return collector.values;
}

std::optional<Values> read_json_solution(int cells, const SourceText& text, Diagnostic& error) {
    std::string message;
    std::size_t offset = 0;
    const auto document = parse_json(text.text, message, offset);
    if (!document) {
        const auto [line, column] = position_of(text.text, offset);
        error = text.error_at(line, column, "invalid JSON: " + message);
        return std::nullopt;
    }
    const JsonValue* solution = &*document;
    if (const JsonValue* solutions = document->find("solutions")) {
        if (solutions->type != JsonValue::Type::array || solutions->items.empty()) {
            const JsonValue* status = document->find("status");
            const std::string said = status && status->type == JsonValue::Type::string ? " (status " + status->string + ")" : "";
            error = text.error_at(1, 1, "the JSON holds no solution" + said);
            return std::nullopt;
        }
        solution = &solutions->items.front();
    }
    Values values;
    auto take = [&](const JsonValue& v) {
        if (!v.is_integer()) return false;
        values.push_back(static_cast<int>(v.number));
        return true;
    };
    const JsonValue* grid = solution->find("grid");
    if (grid == nullptr) grid = solution->find("board");  // quarto
    const JsonValue* list = solution->find("cells");
    if (list == nullptr) list = solution->find("colours");  // ostomachion
    const JsonValue* weights = solution->find("weights");  // bugbyte: {"U-V": w, ...} in cell order
    if (grid && grid->type == JsonValue::Type::array) {
        for (const JsonValue& row : grid->items) {
            if (row.type != JsonValue::Type::array) {
                error = text.error_at(1, 1, "\"grid\" must be an array of rows");
                return std::nullopt;
            }
            for (const JsonValue& v : row.items) {
                if (!take(v)) {
                    error = text.error_at(1, 1, "\"grid\" holds a value that is not an integer");
                    return std::nullopt;
                }
            }
        }
    } else if (list && list->type == JsonValue::Type::array) {
        for (const JsonValue& v : list->items) {
            if (!take(v)) {
                error = text.error_at(1, 1, "\"cells\" holds a value that is not an integer");
                return std::nullopt;
            }
        }
    } else if (weights && weights->type == JsonValue::Type::object) {
        for (const auto& member : weights->members) {
            if (!take(member.second)) {
                error = text.error_at(1, 1, "\"weights\" holds a value that is not an integer");
                return std::nullopt;
            }
        }
    } else {
        error = text.error_at(1, 1, "the JSON solution has neither \"grid\" nor \"cells\"");
        return std::nullopt;
    }
    if (static_cast<int>(values.size()) != cells) {
        error = text.error_at(1, 1, "the JSON solution has " + std::to_string(values.size()) + " values, this puzzle has " + std::to_string(cells) + " cells");
        return std::nullopt;
    }
    return values;
}

std::optional<Values> read_solution(const Puzzle& puzzle, const SourceText& text, Diagnostic& error) {
    if (looks_like_json(text.text)) return read_json_solution(puzzle.cell_count(), text, error);
    if (looks_like_smt(text)) return read_smt_model(puzzle.cell_count(), text, error);
    return puzzle.read_plain_solution(text, error);
}

}  // namespace prune::puzzles
