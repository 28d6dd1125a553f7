// XCSP3 XML -> Instance: variables, arrays, constraints (structure elements expanded),
// the objective and the decision annotation. Everything not read is refused.
#include <algorithm>
#include <charconv>
#include <set>

#include "instance.hpp"
#include "reader_internal.hpp"

namespace prune::xcsp3 {

const char* op_name(Op op) {
    static const char* names[] = {"neg", "abs", "add", "sub", "mul", "div", "mod", "sqr", "pow", "dist",
                                  "min", "max", "eq",  "ne",  "lt",  "le",  "gt",  "ge",  "and", "or",
                                  "xor", "iff", "imp", "not", "if",  "in",  "notin", "set"};
    return names[static_cast<int>(op)];
}

const char* kind_name(Kind kind) {
    static const char* names[] = {"intension", "extension", "allDifferent", "allDifferent", "allEqual", "sum",
                                  "count", "nValues", "cardinality", "element", "channel", "minimum", "maximum",
                                  "ordered", "lex", "lex", "regular", "circuit", "noOverlap", "cumulative",
                                  "instantiation", "clause", "element"};
    return names[static_cast<int>(kind)];
}

bool op_from_name(std::string_view name, Op& op) {
    for (int k = 0; k <= static_cast<int>(Op::set); ++k) {
        if (name == op_name(static_cast<Op>(k))) {
            op = static_cast<Op>(k);
            return true;
        }
    }
    return false;
}

bool parse_integer(std::string_view text, std::int64_t& value) {
    if (text.empty()) return false;
    if (text[0] == '+') text.remove_prefix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

// ---- tokens -------------------------------------------------------------------

std::vector<Token> split_tokens(std::string_view text, Position at) {
    std::vector<Token> out;
    Position pos = at;
    std::size_t i = 0;
    auto step = [&](char c) {
        if (c == '\n') {
            ++pos.line;
            pos.column = 1;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            ++pos.column;
        }
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            step(c);
            ++i;
            continue;
        }
        Token t;
        t.at = pos;
        int depth = 0;
        while (i < text.size()) {
            const char d = text[i];
            if (depth == 0 && (d == ' ' || d == '\t' || d == '\n' || d == '\r')) break;
            if (d == '(') ++depth;
            if (d == ')' && depth > 0) --depth;
            if (depth > 0 && (d == ' ' || d == '\t' || d == '\n' || d == '\r')) {  // blanks inside (...) are dropped
                step(d);
                ++i;
                continue;
            }
            t.text += d;
            step(d);
            ++i;
        }
        out.push_back(std::move(t));
    }
    return out;
}

}  // namespace prune::xcsp3

namespace prune::xcsp3 {
namespace {

[[noreturn]] void fail(Position at, const std::string& message) { throw InputError(at, message); }
[[noreturn]] void unsupported(Position at, const std::string& what) { throw InputError(at, what + " not supported"); }

std::int64_t checked_value(std::int64_t v, Position at) {
    if (v < -value_bound || v > value_bound) fail(at, "value " + std::to_string(v) + " is outside the supported range -2^30..2^30");
    return v;
}

std::int64_t integer_token(const Token& t) {
    std::int64_t v = 0;
    if (!parse_integer(t.text, v)) fail(t.at, "expected an integer, found '" + t.text + "'");
    return checked_value(v, t.at);
}

// "a..b" -> true with the bounds.
bool interval(std::string_view text, std::int64_t& lo, std::int64_t& hi) {
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) return false;
    return parse_integer(text.substr(0, dots), lo) && parse_integer(text.substr(dots + 2), hi);
}

// Attributes every element may carry, and those that change nothing of the model.
bool harmless_attribute(std::string_view key) { return key == "id" || key == "note" || key == "class" || key == "format"; }

void check_attributes(const Element& e, std::initializer_list<std::string_view> allowed) {
    for (std::size_t i = 0; i < e.attributes.size(); ++i) {
        const std::string& key = e.attributes[i].first;
        if (harmless_attribute(key) || std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
        unsupported(e.attribute_at[i], "attribute " + key + " of <" + e.name + ">");
    }
}

void check_children(const Element& e, std::initializer_list<std::string_view> allowed) {
    for (const auto& c : e.children) {
        if (std::find(allowed.begin(), allowed.end(), c->name) == allowed.end()) {
            unsupported(c->at, "<" + c->name + "> inside <" + e.name + ">");
        }
    }
}

class Reader {
public:
    Reader(Instance& instance) : in_(instance) {}

    void read(const Element& root);

private:
    // ---- text with template arguments ----
    std::string text_of(const Element& e) const;
    std::vector<Token> tokens_of(const Element& e) const { return split_tokens(text_of(e), e.text_at); }

    // ---- variables ----
    void read_variables(const Element& variables);
    std::vector<int> read_domain(const Element& e) const;
    void read_array(const Element& e);
    int add_variable(const std::string& name, std::vector<int> values, Position at);

    // ---- references, lists and expressions ----
    std::vector<int> expand_reference(const Token& t) const;  // variable indices, empty for non-refs
    bool is_reference(std::string_view text) const;
    std::vector<Expr> list_of(const std::vector<Token>& tokens) const;
    std::vector<Expr> list_of(const Element& e) const { return list_of(tokens_of(e)); }
    Expr expression(const Token& t) const;
    Expr parse_expression(std::string_view text, std::size_t& i, Position at, int depth) const;
    std::vector<std::int64_t> integers_of(const Element& e) const;
    std::vector<std::string> atoms_of(const Element& args) const;

    // ---- constraints ----
    void read_constraints(const Element& e);
    void read_constraint(const Element& e);
    void read_group(const Element& e);
    void read_slide(const Element& e);
    Constraint start(const Element& e, Kind kind) const;
    const Element& required(const Element& e, std::string_view child) const;
    Condition read_condition(const Element& e) const;
    std::vector<Expr> main_list(const Element& e, std::int64_t* start_index = nullptr) const;
    void read_intension(const Element& e);
    void read_extension(const Element& e);
    void read_all_different(const Element& e);
    void read_sum(const Element& e);
    void read_counting(const Element& e);
    void read_cardinality(const Element& e);
    void read_element(const Element& e);
    void read_channel(const Element& e);
    void read_extremum(const Element& e);
    void read_ordered(const Element& e);
    void read_lex(const Element& e);
    void read_regular(const Element& e);
    void read_circuit(const Element& e);
    void read_scheduling(const Element& e);
    std::vector<std::vector<Expr>> pairs_of(const Element& e) const;
    void read_instantiation(const Element& e);
    void read_clause(const Element& e);
    std::vector<std::vector<Expr>> matrix_of(const Element& e) const;
    Op relation_of(const Element& e) const;

    void read_objectives(const Element& e);
    void read_annotations(const Element& e);

    // Runs `read_constraint(e)` with `args` substituted for %i and %... in its text.
    void read_template(const Element& e, const std::vector<std::string>& args);

    Instance& in_;
    const std::vector<std::string>* args_ = nullptr;  // the template arguments being substituted
    std::size_t first_rest_ = 0;                     // the first argument %... stands for
    std::int64_t domain_values_ = 0;                 // the sizes of the domains declared so far
};

// The highest %i in the texts of `e` and its descendants, plus one (0: none).
std::size_t template_arity(const Element& e) {
    std::size_t arity = 0;
    std::vector<const Element*> pending{&e};
    while (!pending.empty()) {
        const Element* x = pending.back();
        pending.pop_back();
        for (std::size_t i = 0; i + 1 < x->text.size(); ++i) {
            if (x->text[i] != '%' || x->text[i + 1] < '0' || x->text[i + 1] > '9') continue;
            std::size_t k = 0, j = i + 1;
            while (j < x->text.size() && x->text[j] >= '0' && x->text[j] <= '9' && k < 100000) k = k * 10 + static_cast<std::size_t>(x->text[j++] - '0');
            arity = std::max(arity, k + 1);
        }
        for (const auto& c : x->children) pending.push_back(c.get());
    }
    return arity;
}

bool uses_rest(const Element& e) {
    if (e.text.find("%...") != std::string::npos) return true;
    for (const auto& c : e.children) {
        if (uses_rest(*c)) return true;
    }
    return false;
}

void Reader::read_template(const Element& e, const std::vector<std::string>& args) {
    const std::vector<std::string>* outer = args_;
    const std::size_t outer_rest = first_rest_;
    args_ = &args;
    first_rest_ = template_arity(e);
    read_constraint(e);
    args_ = outer;
    first_rest_ = outer_rest;
}

// ---- text with template arguments ---------------------------------------------------

std::string Reader::text_of(const Element& e) const {
    if (args_ == nullptr || e.text.find('%') == std::string::npos) return e.text;
    const std::vector<std::string>& args = *args_;
    const std::size_t first_rest = first_rest_;  // %... : the arguments after the template's highest %i
    std::string out;
    for (std::size_t i = 0; i < e.text.size();) {
        if (e.text[i] != '%') {
            out += e.text[i++];
            continue;
        }
        if (e.text.compare(i, 4, "%...") == 0) {
            const char before = out.empty() ? ' ' : out.back();
            const char* separator = (before == '(' || before == ',') ? "," : " ";
            for (std::size_t k = first_rest; k < args.size(); ++k) out += (k > first_rest ? separator : "") + args[k];
            i += 4;
            continue;
        }
        std::size_t j = i + 1, k = 0;
        while (j < e.text.size() && e.text[j] >= '0' && e.text[j] <= '9' && k < 100000) k = k * 10 + static_cast<std::size_t>(e.text[j++] - '0');
        if (j == i + 1) fail(e.text_at, "'%' not followed by a number or '...' in <" + e.name + ">");
        if (k >= args.size()) fail(e.text_at, "template argument %" + std::to_string(k) + " of <" + e.name + "> has no value (" + std::to_string(args.size()) + " given)");
        out += args[k];
        i = j;
    }
    return out;
}

// ---- variables -------------------------------------------------------------------

int Reader::add_variable(const std::string& name, std::vector<int> values, Position at) {
    if (in_.variable_index.count(name) != 0) fail(at, "variable " + name + " declared twice");
    domain_values_ += static_cast<std::int64_t>(values.size());
    if (domain_values_ > max_total_domain_values) unsupported(at, "more than 2^24 domain values in all the variables");
    const int index = static_cast<int>(in_.variables.size());
    in_.variables.push_back(Variable{name, std::move(values)});
    in_.variable_index.emplace(name, index);
    return index;
}

std::vector<int> Reader::read_domain(const Element& e) const {
    std::vector<int> values;
    for (const Token& t : tokens_of(e)) {
        std::int64_t lo = 0, hi = 0;
        if (t.text.find("infinity") != std::string::npos) unsupported(t.at, "an infinite domain");
        if (interval(t.text, lo, hi)) {
            checked_value(lo, t.at);
            checked_value(hi, t.at);
            if (hi - lo + 1 + static_cast<std::int64_t>(values.size()) > max_domain_size) unsupported(t.at, "a domain of more than 2^20 values");
            for (std::int64_t v = lo; v <= hi; ++v) values.push_back(static_cast<int>(v));
        } else {
            values.push_back(static_cast<int>(integer_token(t)));
            if (static_cast<std::int64_t>(values.size()) > max_domain_size) unsupported(t.at, "a domain of more than 2^20 values");
        }
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

void Reader::read_variables(const Element& variables) {
    check_attributes(variables, {});
    for (const auto& child : variables.children) {
        const Element& e = *child;
        if (e.name != "var" && e.name != "array") unsupported(e.at, "<" + e.name + "> in <variables>");
        if (const std::string* type = e.attribute("type"); type != nullptr && *type != "integer") {
            unsupported(e.attribute_position("type"), "variables of type " + *type);
        }
        const std::string* id = e.attribute("id");
        if (id == nullptr || id->empty()) fail(e.at, "<" + e.name + "> without an id");
        if (in_.array_index.count(*id) != 0 || in_.variable_index.count(*id) != 0) fail(e.at, "id " + *id + " declared twice");
        if (e.name == "array") {
            read_array(e);
            in_.declaration_order.push_back(*id);
            continue;
        }
        check_attributes(e, {"type", "as"});
        check_children(e, {});
        std::vector<int> values;
        if (const std::string* as = e.attribute("as")) {
            const auto found = in_.variable_index.find(*as);
            if (found == in_.variable_index.end()) fail(e.attribute_position("as"), "unknown variable " + *as);
            values = in_.variables[static_cast<std::size_t>(found->second)].values;
        } else {
            values = read_domain(e);
        }
        add_variable(*id, std::move(values), e.at);
        in_.singles.push_back(*id);
        in_.declaration_order.push_back(*id);
    }
}

// The cells that `for` names (x[][0], x[1..2][3]), as row-major cell numbers.
std::vector<std::size_t> cells_named(const Array& a, const Token& t) {
    const std::string& text = t.text;
    if (text.compare(0, a.id.size(), a.id) != 0 || text.size() == a.id.size() || text[a.id.size()] != '[') {
        fail(t.at, "'" + text + "' does not name cells of array " + a.id);
    }
    std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
    std::size_t i = a.id.size();
    while (i < text.size()) {
        if (text[i] != '[') fail(t.at, "expected '[' in '" + text + "'");
        const std::size_t close = text.find(']', i);
        if (close == std::string::npos) fail(t.at, "missing ']' in '" + text + "'");
        const std::string inside = text.substr(i + 1, close - i - 1);
        const std::size_t d = ranges.size();
        if (d >= a.sizes.size()) fail(t.at, "'" + text + "' has more indices than array " + a.id + " has dimensions");
        std::int64_t lo = 0, hi = a.sizes[d] - 1;
        if (!inside.empty() && !interval(inside, lo, hi)) {
            if (!parse_integer(inside, lo)) fail(t.at, "bad index '" + inside + "' in '" + text + "'");
            hi = lo;
        }
        if (lo < 0 || hi >= a.sizes[d] || lo > hi) fail(t.at, "index " + inside + " out of range 0.." + std::to_string(a.sizes[d] - 1) + " in '" + text + "'");
        ranges.emplace_back(lo, hi);
        i = close + 1;
    }
    if (ranges.size() != a.sizes.size()) fail(t.at, "'" + text + "' needs " + std::to_string(a.sizes.size()) + " indices");
    std::vector<std::size_t> cells{0};
    for (std::size_t d = 0; d < ranges.size(); ++d) {
        std::vector<std::size_t> next;
        for (const std::size_t c : cells) {
            for (std::int64_t k = ranges[d].first; k <= ranges[d].second; ++k) next.push_back(c * static_cast<std::size_t>(a.sizes[d]) + static_cast<std::size_t>(k));
        }
        cells = std::move(next);
    }
    return cells;
}

std::string cell_name(const Array& a, std::size_t cell) {
    std::vector<std::size_t> index(a.sizes.size());
    for (std::size_t d = a.sizes.size(); d-- > 0;) {
        const std::size_t size = static_cast<std::size_t>(a.sizes[d]);
        index[d] = cell % size;
        cell /= size;
    }
    std::string name = a.id;
    for (const std::size_t i : index) {
        name += '[';
        name += std::to_string(i);
        name += ']';
    }
    return name;
}

void Reader::read_array(const Element& e) {
    check_attributes(e, {"type", "size"});
    Array a;
    a.id = *e.attribute("id");
    const std::string* size = e.attribute("size");
    if (size == nullptr) fail(e.at, "<array> without a size");
    const Position size_at = e.attribute_position("size");
    std::int64_t cells = 1;
    for (std::size_t i = 0; i < size->size();) {
        const std::size_t close = size->find(']', i);
        std::int64_t n = 0;
        if ((*size)[i] != '[' || close == std::string::npos || !parse_integer(size->substr(i + 1, close - i - 1), n) || n <= 0) {
            fail(size_at, "bad array size '" + *size + "' (expected [n][m]...)");
        }
        cells *= n;
        if (cells > max_domain_size) unsupported(size_at, "an array of more than 2^20 cells");
        a.sizes.push_back(static_cast<int>(n));
        i = close + 1;
    }
    if (a.sizes.empty()) fail(size_at, "bad array size '" + *size + "'");
    a.cells.assign(static_cast<std::size_t>(cells), -1);
    std::vector<std::vector<int>> domain(static_cast<std::size_t>(cells));
    std::vector<bool> set(static_cast<std::size_t>(cells), false);
    if (e.children.empty()) {
        const std::vector<int> values = read_domain(e);
        if (static_cast<std::int64_t>(values.size()) * cells + domain_values_ > max_total_domain_values) {
            unsupported(e.at, "more than 2^24 domain values in all the variables");
        }
        for (std::size_t c = 0; c < domain.size(); ++c) {
            domain[c] = values;
            set[c] = true;
        }
    }
    for (const auto& child : e.children) {
        if (child->name != "domain") unsupported(child->at, "<" + child->name + "> in <array>");
        check_attributes(*child, {"for"});
        const std::string* names = child->attribute("for");
        if (names == nullptr) fail(child->at, "<domain> without for=");
        const std::vector<int> values = read_domain(*child);
        for (const Token& t : split_tokens(*names, child->attribute_position("for"))) {
            if (static_cast<std::int64_t>(values.size()) * cells + domain_values_ > max_total_domain_values) {
                unsupported(child->at, "more than 2^24 domain values in all the variables");
            }
            if (t.text == "others") {
                for (std::size_t c = 0; c < domain.size(); ++c) {
                    if (!set[c]) domain[c] = values, set[c] = true;
                }
                continue;
            }
            for (const std::size_t c : cells_named(a, t)) {
                if (set[c]) fail(t.at, "a second domain for " + cell_name(a, c));
                domain[c] = values;
                set[c] = true;
            }
        }
    }
    for (std::size_t c = 0; c < domain.size(); ++c) {
        if (set[c]) a.cells[c] = add_variable(cell_name(a, c), std::move(domain[c]), e.at);
    }
    in_.array_index.emplace(a.id, static_cast<int>(in_.arrays.size()));
    in_.arrays.push_back(std::move(a));
}

// ---- references, lists and expressions -------------------------------------------

bool Reader::is_reference(std::string_view text) const {
    const std::size_t bracket = text.find('[');
    const std::string name(text.substr(0, bracket));
    if (bracket == std::string_view::npos) return in_.variable_index.count(name) != 0 || in_.array_index.count(name) != 0;
    return in_.array_index.count(name) != 0;
}

std::vector<int> Reader::expand_reference(const Token& t) const {
    const std::size_t bracket = t.text.find('[');
    if (bracket == std::string::npos) {
        if (const auto v = in_.variable_index.find(t.text); v != in_.variable_index.end()) return {v->second};
        fail(t.at, "array " + t.text + " needs indices (" + t.text + "[] for all of it)");
    }
    const Array& a = in_.arrays[static_cast<std::size_t>(in_.array_index.at(t.text.substr(0, bracket)))];
    std::vector<int> out;
    for (const std::size_t c : cells_named(a, t)) {
        if (a.cells[c] >= 0) out.push_back(a.cells[c]);
    }
    return out;
}

std::vector<Expr> Reader::list_of(const std::vector<Token>& tokens) const {
    std::vector<Expr> out;
    for (const Token& t : tokens) {
        if (t.text.find('(') != std::string::npos) {
            out.push_back(expression(t));
        } else if (is_reference(t.text)) {
            for (const int v : expand_reference(t)) out.push_back(Expr::variable_of(v, t.at));
        } else {
            std::int64_t lo = 0, hi = 0;
            if (interval(t.text, lo, hi)) {
                checked_value(lo, t.at);
                checked_value(hi, t.at);
                if (hi - lo > max_domain_size) unsupported(t.at, "an interval of more than 2^20 values");
                for (std::int64_t v = lo; v <= hi; ++v) out.push_back(Expr::constant_of(v, t.at));
                continue;
            }
            std::int64_t v = 0;
            if (!parse_integer(t.text, v)) fail(t.at, "unknown variable or bad value '" + t.text + "'");
            out.push_back(Expr::constant_of(checked_value(v, t.at), t.at));
        }
    }
    return out;
}

std::vector<std::int64_t> Reader::integers_of(const Element& e) const {
    std::vector<std::int64_t> out;
    for (const Expr& x : list_of(e)) {
        if (!x.is_constant()) fail(x.at, "expected integers in <" + e.name + ">");
        out.push_back(x.value);
    }
    return out;
}

Expr Reader::expression(const Token& t) const {
    std::size_t i = 0;
    Expr e = parse_expression(t.text, i, t.at, 0);
    if (i != t.text.size()) fail(t.at, "unexpected '" + t.text.substr(i) + "' after the expression");
    return e;
}

Expr Reader::parse_expression(std::string_view text, std::size_t& i, Position at, int depth) const {
    if (depth > 200) fail(at, "expression nested too deeply");
    const std::size_t begin = i;
    while (i < text.size() && text[i] != '(' && text[i] != ',' && text[i] != ')') {
        if (text[i] == '[') {
            while (i < text.size() && text[i] != ']') ++i;
        }
        if (i < text.size()) ++i;
    }
    const std::string word(text.substr(begin, i - begin));
    if (word.empty()) fail(at, "missing operand in '" + std::string(text) + "'");
    if (i < text.size() && text[i] == '(') {
        Expr call;
        call.kind = Expr::Kind::call;
        call.at = at;
        if (!op_from_name(word, call.op)) unsupported(at, "operator " + word + " (in '" + std::string(text) + "')");
        ++i;
        if (i < text.size() && text[i] == ')') {
            ++i;
        } else {
            for (;;) {
                call.args.push_back(parse_expression(text, i, at, depth + 1));
                if (i < text.size() && text[i] == ',') {
                    ++i;
                    continue;
                }
                if (i < text.size() && text[i] == ')') {
                    ++i;
                    break;
                }
                fail(at, "expected ',' or ')' in '" + std::string(text) + "'");
            }
        }
        return call;
    }
    std::int64_t v = 0;
    if (parse_integer(word, v)) return Expr::constant_of(checked_value(v, at), at);
    if (word == "true" || word == "false") return Expr::constant_of(word == "true" ? 1 : 0, at);
    if (!is_reference(word)) fail(at, "unknown variable '" + word + "'");
    const std::vector<int> vars = expand_reference(Token{word, at});
    if (vars.size() != 1) fail(at, "'" + word + "' names " + std::to_string(vars.size()) + " variables where an expression takes one");
    return Expr::variable_of(vars[0], at);
}

// The arguments of one <args>: its tokens, compact lists written out as variable names.
std::vector<std::string> Reader::atoms_of(const Element& args) const {
    std::vector<std::string> out;
    for (const Token& t : tokens_of(args)) {
        if (t.text.find('(') == std::string::npos && t.text.find('[') != std::string::npos && is_reference(t.text)) {
            for (const int v : expand_reference(t)) out.push_back(in_.variables[static_cast<std::size_t>(v)].name);
        } else {
            out.push_back(t.text);
        }
    }
    return out;
}

// ---- constraints ----------------------------------------------------------------

Constraint Reader::start(const Element& e, Kind kind) const {
    Constraint c;
    c.kind = kind;
    c.at = e.at;
    c.tag = e.name;
    return c;
}

const Element& Reader::required(const Element& e, std::string_view child) const {
    const Element* c = e.child(child);
    if (c == nullptr) fail(e.at, "<" + e.name + "> needs <" + std::string(child) + ">");
    return *c;
}

Condition Reader::read_condition(const Element& e) const {
    check_attributes(e, {});
    std::string text = text_of(e);
    text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }), text.end());
    const Position at = e.text_at;
    if (text.size() < 5 || text.front() != '(' || text.back() != ')' || text.find(',') == std::string::npos) {
        fail(at, "expected a condition (operator,operand), found '" + text + "'");
    }
    const std::size_t comma = text.find(',');
    Condition c;
    const std::string op = text.substr(1, comma - 1);
    if (!op_from_name(op, c.op) || !(c.op == Op::eq || c.op == Op::ne || c.op == Op::lt || c.op == Op::le || c.op == Op::gt ||
                                     c.op == Op::ge || c.op == Op::in || c.op == Op::notin)) {
        unsupported(at, "condition operator " + op);
    }
    const std::string operand = text.substr(comma + 1, text.size() - comma - 2);
    if (c.op == Op::in || c.op == Op::notin) {
        std::int64_t lo = 0, hi = 0;
        if (interval(operand, lo, hi)) {
            checked_value(lo, at);
            checked_value(hi, at);
            if (hi - lo > max_domain_size) unsupported(at, "a set of more than 2^20 values");
            for (std::int64_t v = lo; v <= hi; ++v) c.set.push_back(v);
        } else if (operand.size() >= 2 && operand.front() == '{' && operand.back() == '}') {
            std::string inner = operand.substr(1, operand.size() - 2);
            std::replace(inner.begin(), inner.end(), ',', ' ');
            for (const Token& t : split_tokens(inner, at)) c.set.push_back(integer_token(Token{t.text, at}));
        } else {
            unsupported(at, "the set operand '" + operand + "'");
        }
        std::sort(c.set.begin(), c.set.end());
        c.set.erase(std::unique(c.set.begin(), c.set.end()), c.set.end());
        return c;
    }
    const std::vector<Expr> operand_list = list_of(std::vector<Token>{Token{operand, at}});
    if (operand_list.size() != 1 || !(operand_list[0].is_constant() || operand_list[0].is_variable())) {
        fail(at, "the operand of a condition must be one variable or integer, found '" + operand + "'");
    }
    c.operand = operand_list[0];
    return c;
}

// The list of a constraint: its <list>, or its own text when it has no children.
std::vector<Expr> Reader::main_list(const Element& e, std::int64_t* start_index) const {
    if (e.children.empty()) return list_of(e);
    const Element& list = required(e, "list");
    check_attributes(list, start_index != nullptr ? std::initializer_list<std::string_view>{"startIndex"} : std::initializer_list<std::string_view>{});
    if (start_index != nullptr) {
        if (const std::string* s = list.attribute("startIndex")) {
            if (!parse_integer(*s, *start_index)) fail(list.attribute_position("startIndex"), "startIndex must be an integer");
            checked_value(*start_index, list.attribute_position("startIndex"));
        }
    }
    int lists = 0;
    for (const auto& c : e.children) lists += c->name == "list";
    if (lists > 1) unsupported(e.at, "<" + e.name + "> over several lists");
    return list_of(list);
}

void Reader::read_intension(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"function"});
    Constraint c = start(e, Kind::intension);
    const Element& source = e.children.empty() ? e : required(e, "function");
    const std::vector<Token> tokens = tokens_of(source);
    if (tokens.size() != 1) fail(source.text_at, "<intension> takes one expression");
    c.expression = expression(tokens[0]);
    in_.constraints.push_back(std::move(c));
}

void Reader::read_extension(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "supports", "conflicts"});
    Constraint c = start(e, Kind::extension);
    c.lists.push_back(list_of(required(e, "list")));
    for (const Expr& x : c.lists[0]) {
        if (!x.is_variable()) fail(x.at, "the list of <extension> takes variables");
    }
    const Element* table = e.child("supports");
    c.supports = table != nullptr;
    if (table == nullptr) table = e.child("conflicts");
    if (table == nullptr || (c.supports && e.child("conflicts") != nullptr)) fail(e.at, "<extension> needs one <supports> or <conflicts>");
    check_attributes(*table, {});
    const std::size_t arity = c.lists[0].size();
    const std::string text = text_of(*table);
    if (arity == 1) {  // unary: plain values and intervals
        for (const Expr& v : list_of(*table)) c.tuples.push_back({v.value});
    } else {
        std::size_t i = 0;
        std::size_t count = 0;
        while (i < text.size()) {
            const char ch = text[i];
            if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
                ++i;
                continue;
            }
            if (ch != '(') fail(table->text_at, "expected '(' to start tuple " + std::to_string(count + 1));
            const std::size_t close = text.find(')', i);
            if (close == std::string::npos) fail(table->text_at, "tuple " + std::to_string(count + 1) + " is not closed");
            std::vector<std::int64_t> tuple;
            std::size_t j = i + 1;
            while (j <= close) {
                std::size_t k = j;
                while (k < close && text[k] != ',') ++k;
                std::string item = text.substr(j, k - j);
                item.erase(std::remove_if(item.begin(), item.end(), [](char x) { return x == ' ' || x == '\n' || x == '\t' || x == '\r'; }), item.end());
                if (item == "*") {
                    tuple.push_back(Constraint::star);
                } else {
                    std::int64_t v = 0;
                    if (!parse_integer(item, v)) fail(table->text_at, "bad value '" + item + "' in tuple " + std::to_string(count + 1));
                    tuple.push_back(checked_value(v, table->text_at));
                }
                j = k + 1;
            }
            if (tuple.size() != arity) {
                fail(table->text_at, "tuple " + std::to_string(count + 1) + " has " + std::to_string(tuple.size()) + " values for " + std::to_string(arity) + " variables");
            }
            c.tuples.push_back(std::move(tuple));
            ++count;
            if (count > static_cast<std::size_t>(max_domain_size) * 4) unsupported(table->text_at, "a table of more than 2^22 tuples");
            i = close + 1;
        }
    }
    in_.constraints.push_back(std::move(c));
}

std::vector<std::vector<Expr>> Reader::matrix_of(const Element& e) const {
    check_attributes(e, {});
    std::vector<std::vector<Expr>> rows;
    const std::vector<Token> tokens = tokens_of(e);
    if (tokens.size() == 1 && tokens[0].text.find('(') == std::string::npos) {
        // x[][] (or a part of it): the rows of a two-dimensional array.
        const Token& t = tokens[0];
        const std::size_t bracket = t.text.find('[');
        if (bracket == std::string::npos || in_.array_index.count(t.text.substr(0, bracket)) == 0) fail(t.at, "a matrix is x[][] or rows (a,b)(c,d)");
        const Array& a = in_.arrays[static_cast<std::size_t>(in_.array_index.at(t.text.substr(0, bracket)))];
        if (a.sizes.size() != 2) unsupported(t.at, "a matrix over an array of " + std::to_string(a.sizes.size()) + " dimensions");
        const std::vector<std::size_t> cells = cells_named(a, t);
        std::size_t last_row = static_cast<std::size_t>(-1);
        for (const std::size_t cell : cells) {
            const std::size_t row = cell / static_cast<std::size_t>(a.sizes[1]);
            if (row != last_row) rows.emplace_back(), last_row = row;
            if (a.cells[cell] < 0) unsupported(t.at, "a matrix with undefined cells");
            rows.back().push_back(Expr::variable_of(a.cells[cell], t.at));
        }
        return rows;
    }
    for (const Token& t : tokens) {  // (a,b,c)(d,e,f)
        std::string text = t.text;
        std::size_t i = 0;
        while (i < text.size()) {
            if (text[i] != '(') fail(t.at, "expected '(' in the matrix");
            const std::size_t close = text.find(')', i);
            if (close == std::string::npos) fail(t.at, "a matrix row is not closed");
            std::string row = text.substr(i + 1, close - i - 1);
            std::replace(row.begin(), row.end(), ',', ' ');
            rows.push_back(list_of(split_tokens(row, t.at)));
            i = close + 1;
        }
    }
    return rows;
}

void Reader::read_all_different(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "matrix", "except"});
    if (const Element* m = e.child("matrix")) {
        Constraint c = start(e, Kind::all_different_matrix);
        c.lists = matrix_of(*m);
        for (const auto& row : c.lists) {
            if (row.size() != c.lists[0].size()) fail(m->at, "the rows of the matrix differ in length");
        }
        if (const Element* ex = e.child("except")) c.except = integers_of(*ex);
        in_.constraints.push_back(std::move(c));
        return;
    }
    Constraint c = start(e, Kind::all_different);
    c.lists.push_back(main_list(e));
    if (const Element* ex = e.child("except")) c.except = integers_of(*ex);
    in_.constraints.push_back(std::move(c));
}

void Reader::read_sum(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "coeffs", "condition"});
    Constraint c = start(e, Kind::sum);
    c.lists.push_back(main_list(e));
    if (const Element* coeffs = e.child("coeffs")) {
        check_attributes(*coeffs, {});
        c.coefficients = list_of(*coeffs);
        if (c.coefficients.size() != c.lists[0].size()) {
            fail(coeffs->at, std::to_string(c.coefficients.size()) + " coefficients for " + std::to_string(c.lists[0].size()) + " terms");
        }
        for (const Expr& k : c.coefficients) {
            if (!k.is_constant() && !k.is_variable()) fail(k.at, "a coefficient is an integer or a variable");
        }
    }
    c.has_condition = true;
    c.condition = read_condition(required(e, "condition"));
    in_.constraints.push_back(std::move(c));
}

// count and nValues: a list, values (count) or except (nValues), and a condition.
void Reader::read_counting(const Element& e) {
    check_attributes(e, {});
    const bool count = e.name == "count";
    if (count) check_children(e, {"list", "values", "condition"});
    else check_children(e, {"list", "except", "condition"});
    Constraint c = start(e, count ? Kind::count : Kind::n_values);
    c.lists.push_back(main_list(e));
    if (count) {
        c.values = list_of(required(e, "values"));
        for (const Expr& v : c.values) {
            if (!v.is_constant() && !v.is_variable()) fail(v.at, "the values of <count> are integers or variables");
        }
    } else if (const Element* ex = e.child("except")) {
        c.except = integers_of(*ex);
    }
    c.has_condition = true;
    c.condition = read_condition(required(e, "condition"));
    in_.constraints.push_back(std::move(c));
}

void Reader::read_cardinality(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "values", "occurs"});
    Constraint c = start(e, Kind::cardinality);
    c.lists.push_back(main_list(e));
    const Element& values = required(e, "values");
    check_attributes(values, {"closed"});
    if (const std::string* closed = values.attribute("closed")) c.closed = *closed == "true";
    c.values = list_of(values);
    c.occurs = list_of(required(e, "occurs"));
    if (c.values.size() != c.occurs.size()) fail(e.at, "<cardinality> needs as many occurs as values");
    for (const Expr& v : c.values) {
        if (!v.is_constant()) unsupported(v.at, "<cardinality> with variable values");
    }
    for (const Expr& v : c.occurs) {
        if (!v.is_constant() && !v.is_variable()) fail(v.at, "occurs are integers or variables");
    }
    in_.constraints.push_back(std::move(c));
}

void Reader::read_element(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "matrix", "index", "value", "condition"});
    Constraint c = start(e, Kind::element);
    std::size_t indices = 1;
    if (const Element* m = e.child("matrix")) {
        check_attributes(*m, {"startRowIndex", "startColIndex"});
        for (const auto& [key, target] : {std::pair{"startRowIndex", &c.start_index}, std::pair{"startColIndex", &c.start_index2}}) {
            if (const std::string* v = m->attribute(key)) {
                if (!parse_integer(*v, *target)) fail(m->attribute_position(key), std::string(key) + " must be an integer");
                checked_value(*target, m->attribute_position(key));
            }
        }
        c.kind = Kind::element_matrix;
        c.lists = matrix_of(*m);
        for (const auto& row : c.lists) {
            if (row.size() != c.lists[0].size()) fail(m->at, "the rows of the matrix differ in length");
        }
        indices = 2;
    } else {
        c.lists.push_back(main_list(e, &c.start_index));
    }
    if (const Element* index = e.child("index")) {
        check_attributes(*index, {});
        const std::vector<Expr> x = list_of(*index);
        if (x.size() != indices) fail(index->at, "<index> takes " + std::string(indices == 1 ? "one variable" : "two variables (row, column)"));
        for (const Expr& i : x) {
            if (!i.is_variable() && !i.is_constant()) fail(index->at, "an index is a variable or an integer");
        }
        c.index = x[0];
        if (indices == 2) c.index2 = x[1];
        c.has_index = true;
    }
    if (!c.has_index) unsupported(e.at, "<element> without <index> (the member form)");
    if (const Element* value = e.child("value")) {
        check_attributes(*value, {});
        const std::vector<Expr> x = list_of(*value);
        if (x.size() != 1 || !(x[0].is_variable() || x[0].is_constant())) fail(value->at, "<value> takes one variable or integer");
        c.value = x[0];
        c.has_value = true;
    } else if (const Element* condition = e.child("condition")) {
        c.has_condition = true;
        c.condition = read_condition(*condition);
    } else {
        fail(e.at, "<element> needs <value> or <condition>");
    }
    for (const auto& list : c.lists) {
        for (const Expr& x : list) {
            if (!x.is_variable() && !x.is_constant()) fail(x.at, "the list of <element> takes variables or integers");
        }
    }
    in_.constraints.push_back(std::move(c));
}

void Reader::read_channel(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "value"});
    Constraint c = start(e, Kind::channel);
    std::vector<const Element*> lists;
    for (const auto& child : e.children) {
        if (child->name == "list") lists.push_back(child.get());
    }
    if (e.children.empty()) {
        c.lists.push_back(list_of(e));
    } else {
        if (lists.empty() || lists.size() > 2) fail(e.at, "<channel> takes one or two lists");
        for (std::size_t k = 0; k < lists.size(); ++k) {
            check_attributes(*lists[k], {"startIndex"});
            std::int64_t& start_index = k == 0 ? c.start_index : c.start_index2;
            if (const std::string* s = lists[k]->attribute("startIndex")) {
                if (!parse_integer(*s, start_index)) fail(lists[k]->attribute_position("startIndex"), "startIndex must be an integer");
                checked_value(start_index, lists[k]->attribute_position("startIndex"));
            }
            c.lists.push_back(list_of(*lists[k]));
        }
    }
    for (const auto& list : c.lists) {
        for (const Expr& x : list) {
            if (!x.is_variable()) fail(x.at, "the lists of <channel> take variables");
        }
    }
    if (c.lists.size() == 2 && c.lists[0].size() > c.lists[1].size()) fail(e.at, "the first list of <channel> is longer than the second");
    if (const Element* value = e.child("value")) {
        if (c.lists.size() != 1) fail(value->at, "<value> goes with one list");
        const std::vector<Expr> x = list_of(*value);
        if (x.size() != 1 || !x[0].is_variable()) fail(value->at, "<value> takes one variable");
        c.value = x[0];
        c.has_value = true;
    } else if (c.lists.size() == 1) {
        c.lists.push_back(c.lists[0]);  // one list: x[i] = j <=> x[j] = i
        c.start_index2 = c.start_index;
    }
    in_.constraints.push_back(std::move(c));
}

void Reader::read_extremum(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "condition"});
    Constraint c = start(e, e.name == "minimum" ? Kind::minimum : Kind::maximum);
    c.lists.push_back(main_list(e));
    if (c.lists[0].empty()) fail(e.at, "<" + e.name + "> over an empty list");
    c.has_condition = true;
    c.condition = read_condition(required(e, "condition"));
    in_.constraints.push_back(std::move(c));
}

Op Reader::relation_of(const Element& e) const {
    const Element& op = required(e, "operator");
    check_attributes(op, {});
    const std::vector<Token> tokens = tokens_of(op);
    Op relation = Op::le;
    if (tokens.size() != 1 || !op_from_name(tokens[0].text, relation) ||
        !(relation == Op::lt || relation == Op::le || relation == Op::gt || relation == Op::ge)) {
        fail(op.text_at, "<operator> is lt, le, gt or ge");
    }
    return relation;
}

void Reader::read_ordered(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "operator"});
    Constraint c = start(e, Kind::ordered);
    c.lists.push_back(main_list(e));
    c.relation = relation_of(e);
    in_.constraints.push_back(std::move(c));
}

void Reader::read_lex(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "matrix", "operator"});
    Constraint c = start(e, Kind::lex);
    if (const Element* m = e.child("matrix")) {
        c.kind = Kind::lex_matrix;
        c.lists = matrix_of(*m);
    } else {
        for (const auto& child : e.children) {
            if (child->name != "list") continue;
            check_attributes(*child, {});
            c.lists.push_back(list_of(*child));
        }
    }
    if (c.lists.size() < 2 && c.kind == Kind::lex) fail(e.at, "<lex> needs two lists or more");
    for (const auto& row : c.lists) {
        if (row.size() != c.lists[0].size()) fail(e.at, "the lists of <lex> differ in length");
    }
    c.relation = relation_of(e);
    in_.constraints.push_back(std::move(c));
}

void Reader::read_regular(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "transitions", "start", "final"});
    Constraint c = start(e, Kind::regular);
    c.lists.push_back(main_list(e));
    Automaton& a = c.automaton;
    std::map<std::string, int> state;
    auto state_of = [&](const std::string& name) {
        const auto [it, added] = state.emplace(name, a.states);
        if (added) {
            ++a.states;
            a.state_names.push_back(name);
        }
        return it->second;
    };
    const Element& start_element = required(e, "start");
    const std::vector<Token> start_tokens = tokens_of(start_element);
    if (start_tokens.size() != 1) fail(start_element.text_at, "<start> names one state");
    a.start = state_of(start_tokens[0].text);
    const Element& transitions = required(e, "transitions");
    std::string text = text_of(transitions);
    for (std::size_t i = 0; i < text.size();) {
        const char ch = text[i];
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
            ++i;
            continue;
        }
        const std::size_t close = text.find(')', i);
        if (ch != '(' || close == std::string::npos) fail(transitions.text_at, "expected transitions (from,value,to)");
        std::string inner = text.substr(i + 1, close - i - 1);
        std::replace(inner.begin(), inner.end(), ',', ' ');
        const std::vector<Token> parts = split_tokens(inner, transitions.text_at);
        if (parts.size() != 3) fail(transitions.text_at, "a transition is (from,value,to)");
        a.transitions.push_back({state_of(parts[0].text), integer_token(parts[1]), state_of(parts[2].text)});
        i = close + 1;
    }
    for (const Token& t : tokens_of(required(e, "final"))) a.finals.push_back(state_of(t.text));
    in_.constraints.push_back(std::move(c));
}

void Reader::read_circuit(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list", "size"});
    if (e.child("size") != nullptr) unsupported(e.child("size")->at, "<circuit> with <size>");
    Constraint c = start(e, Kind::circuit);
    c.lists.push_back(main_list(e, &c.start_index));
    for (const Expr& x : c.lists[0]) {
        if (!x.is_variable()) fail(x.at, "the list of <circuit> takes variables");
    }
    in_.constraints.push_back(std::move(c));
}

// noOverlap (one dimension) and cumulative: lists[0] origins, lists[1] lengths,
// values heights (cumulative), condition on the height profile.
void Reader::read_scheduling(const Element& e) {
    const bool cumulative = e.name == "cumulative";
    if (cumulative) check_attributes(e, {});
    else check_attributes(e, {"zeroIgnored"});
    if (cumulative) check_children(e, {"origins", "lengths", "heights", "ends", "condition"});
    else check_children(e, {"origins", "lengths"});
    Constraint c = start(e, cumulative ? Kind::cumulative : Kind::no_overlap);
    const Element& origins = required(e, "origins");
    const Element& lengths = required(e, "lengths");
    check_attributes(origins, {});
    check_attributes(lengths, {});
    if (!cumulative && text_of(origins).find('(') != std::string::npos) {
        // Two dimensions: lists are x origins, y origins, x lengths, y lengths.
        const std::vector<std::vector<Expr>> at = pairs_of(origins), size = pairs_of(lengths);
        if (at.size() != size.size()) fail(e.at, "as many lengths as origins are needed");
        for (int d = 0; d < 2; ++d) c.lists.emplace_back();
        for (int d = 0; d < 2; ++d) c.lists.emplace_back();
        for (std::size_t i = 0; i < at.size(); ++i) {
            for (std::size_t d = 0; d < 2; ++d) {
                c.lists[d].push_back(at[i][d]);
                c.lists[2 + d].push_back(size[i][d]);
            }
        }
    } else {
        c.lists.push_back(list_of(origins));
        c.lists.push_back(list_of(lengths));
        if (c.lists[0].size() != c.lists[1].size()) fail(e.at, "as many lengths as origins are needed");
    }
    if (cumulative) {
        if (e.child("ends") != nullptr) unsupported(e.child("ends")->at, "<cumulative> with <ends>");
        c.values = list_of(required(e, "heights"));
        if (c.values.size() != c.lists[0].size()) fail(e.at, "as many heights as origins are needed");
        c.has_condition = true;
        c.condition = read_condition(required(e, "condition"));
    }
    if (const std::string* z = e.attribute("zeroIgnored")) c.zero_ignored = *z != "false";
    for (const auto& list : c.lists) {
        for (const Expr& x : list) {
            if (!x.is_variable() && !x.is_constant()) fail(x.at, "origins, lengths and heights are variables or integers");
        }
    }
    for (const Expr& x : c.values) {
        if (!x.is_variable() && !x.is_constant()) fail(x.at, "heights are variables or integers");
    }
    in_.constraints.push_back(std::move(c));
}

// "(a,b)(c,d)...": the boxes of a two-dimensional noOverlap, each a pair of
// variables or integers (more dimensions are refused).
std::vector<std::vector<Expr>> Reader::pairs_of(const Element& e) const {
    std::string text;
    for (const char ch : text_of(e)) {
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') text += ch;
    }
    std::vector<std::vector<Expr>> pairs;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] != '(') fail(e.text_at, "expected '(' to start a box in <" + e.name + ">");
        const std::size_t close = text.find(')', i);
        if (close == std::string::npos) fail(e.text_at, "missing ')' in <" + e.name + ">");
        std::vector<Token> parts;
        std::size_t from = i + 1;
        for (std::size_t j = i + 1; j <= close; ++j) {
            if (j == close || text[j] == ',') {
                parts.push_back(Token{text.substr(from, j - from), e.text_at});
                from = j + 1;
            }
        }
        if (parts.size() != 2) unsupported(e.at, "<noOverlap> in " + std::to_string(parts.size()) + " dimensions");
        std::vector<Expr> box;
        for (const Token& part : parts) {
            const std::vector<Expr> one = list_of(std::vector<Token>{part});
            if (one.size() != 1) fail(e.text_at, "a box coordinate is one variable or integer, not '" + part.text + "'");
            box.push_back(one[0]);
        }
        pairs.push_back(std::move(box));
        i = close + 1;
    }
    return pairs;
}

void Reader::read_instantiation(const Element& e) {
    check_attributes(e, {"type", "cost"});
    check_children(e, {"list", "values"});
    Constraint c = start(e, Kind::instantiation);
    c.lists.push_back(list_of(required(e, "list")));
    c.values = list_of(required(e, "values"));
    if (c.values.size() != c.lists[0].size()) fail(e.at, std::to_string(c.values.size()) + " values for " + std::to_string(c.lists[0].size()) + " variables");
    for (std::size_t i = 0; i < c.values.size(); ++i) {
        if (!c.lists[0][i].is_variable()) fail(c.lists[0][i].at, "<instantiation> lists variables");
        if (!c.values[i].is_constant()) fail(c.values[i].at, "<instantiation> takes integer values");
    }
    in_.constraints.push_back(std::move(c));
}

void Reader::read_clause(const Element& e) {
    check_attributes(e, {});
    check_children(e, {"list"});
    Constraint c = start(e, Kind::clause);
    std::vector<Expr> literals;
    for (const Expr& x : main_list(e)) {
        if (x.is_variable()) {
            literals.push_back(x);
            c.negated.push_back(false);
        } else if (x.kind == Expr::Kind::call && x.op == Op::not_ && x.args.size() == 1 && x.args[0].is_variable()) {
            literals.push_back(x.args[0]);
            c.negated.push_back(true);
        } else {
            fail(x.at, "<clause> lists variables and not(variable)");
        }
    }
    c.lists.push_back(std::move(literals));
    in_.constraints.push_back(std::move(c));
}

void Reader::read_group(const Element& e) {
    check_attributes(e, {});
    if (e.children.empty() || e.children[0]->name == "args") fail(e.at, "<group> starts with its template constraint");
    const Element& constraint = *e.children[0];
    for (std::size_t k = 1; k < e.children.size(); ++k) {
        const Element& args = *e.children[k];
        if (args.name != "args") unsupported(args.at, "<" + args.name + "> inside <group>");
        check_attributes(args, {});
        read_template(constraint, atoms_of(args));
    }
}

void Reader::read_slide(const Element& e) {
    check_attributes(e, {"circular"});
    const bool circular = e.attribute("circular") != nullptr && *e.attribute("circular") == "true";
    std::vector<std::string> sequence;
    std::int64_t offset = 1;
    const Element* constraint = nullptr;
    for (const auto& child : e.children) {
        if (child->name == "list") {
            check_attributes(*child, {"offset"});
            if (const std::string* o = child->attribute("offset")) {
                if (!parse_integer(*o, offset) || offset <= 0 || offset > max_domain_size) fail(child->attribute_position("offset"), "offset must be a positive integer");
            }
            if (!sequence.empty()) unsupported(child->at, "<slide> over several lists");
            sequence = atoms_of(*child);
        } else if (constraint == nullptr) {
            constraint = child.get();
        } else {
            unsupported(child->at, "a second constraint in <slide>");
        }
    }
    if (constraint == nullptr || sequence.empty()) fail(e.at, "<slide> needs a <list> and a constraint");
    if (uses_rest(*constraint)) fail(constraint->at, "%... inside <slide>");
    const std::size_t arity = template_arity(*constraint);
    if (arity == 0) fail(constraint->at, "the template of <slide> uses no %i");
    const std::size_t n = sequence.size();
    const std::size_t step = static_cast<std::size_t>(offset);
    for (std::size_t first = 0; circular ? first < n : first + arity <= n; first += step) {
        std::vector<std::string> window;
        for (std::size_t k = 0; k < arity; ++k) window.push_back(sequence[(first + k) % n]);
        read_template(*constraint, window);
    }
}

void Reader::read_constraint(const Element& e) {
    const std::string& n = e.name;
    if (n == "intension") read_intension(e);
    else if (n == "extension") read_extension(e);
    else if (n == "allDifferent") read_all_different(e);
    else if (n == "allEqual") {
        check_attributes(e, {});
        check_children(e, {"list"});
        Constraint c = start(e, Kind::all_equal);
        c.lists.push_back(main_list(e));
        in_.constraints.push_back(std::move(c));
    } else if (n == "sum") read_sum(e);
    else if (n == "count" || n == "nValues") read_counting(e);
    else if (n == "cardinality") read_cardinality(e);
    else if (n == "element") read_element(e);
    else if (n == "channel") read_channel(e);
    else if (n == "minimum" || n == "maximum") read_extremum(e);
    else if (n == "ordered") read_ordered(e);
    else if (n == "lex") read_lex(e);
    else if (n == "regular") read_regular(e);
    else if (n == "circuit") read_circuit(e);
    else if (n == "noOverlap" || n == "cumulative") read_scheduling(e);
    else if (n == "instantiation") read_instantiation(e);
    else if (n == "clause") read_clause(e);
    else if (n == "group") read_group(e);
    else if (n == "block") read_constraints(e);
    else if (n == "slide") read_slide(e);
    else unsupported(e.at, "constraint <" + n + ">");
}

void Reader::read_constraints(const Element& e) {
    check_attributes(e, {});
    for (const auto& c : e.children) read_constraint(*c);
}

void Reader::read_objectives(const Element& e) {
    check_attributes(e, {"combination"});
    if (e.children.size() != 1) unsupported(e.at, e.children.empty() ? std::string("an empty <objectives>") : std::string("several objectives"));
    const Element& o = *e.children[0];
    if (o.name != "minimize" && o.name != "maximize") unsupported(o.at, "objective <" + o.name + ">");
    check_attributes(o, {"type"});
    check_children(o, {"list", "coeffs"});
    Objective& objective = in_.objective;
    objective.minimize = o.name == "minimize";
    objective.at = o.at;
    const std::string type = o.attribute("type") != nullptr ? *o.attribute("type") : "expression";
    if (type == "expression") {
        objective.type = Objective::Type::expression;
        const std::vector<Token> tokens = tokens_of(o);
        if (tokens.size() != 1 || !o.children.empty()) fail(o.text_at, "an expression objective takes one variable or expression");
        const std::vector<Expr> x = list_of(tokens);
        if (x.size() != 1) fail(o.text_at, "an expression objective takes one variable or expression");
        objective.expression = x[0];
    } else if (type == "sum" || type == "minimum" || type == "maximum" || type == "nValues") {
        objective.type = type == "sum" ? Objective::Type::sum : type == "minimum" ? Objective::Type::minimum
                       : type == "maximum" ? Objective::Type::maximum : Objective::Type::n_values;
        objective.list = o.children.empty() ? list_of(o) : list_of(required(o, "list"));
        if (objective.list.empty()) fail(o.at, "an objective over an empty list");
        if (const Element* coeffs = o.child("coeffs")) {
            if (objective.type != Objective::Type::sum) unsupported(coeffs->at, "<coeffs> in a " + type + " objective");
            objective.coefficients = list_of(*coeffs);
            if (objective.coefficients.size() != objective.list.size()) fail(coeffs->at, "as many coefficients as terms are needed");
            for (const Expr& k : objective.coefficients) {
                if (!k.is_constant()) unsupported(k.at, "a variable coefficient in an objective");
            }
        }
    } else {
        unsupported(o.attribute_position("type"), "objective type " + type);
    }
    in_.has_objective = true;
}

void Reader::read_annotations(const Element& e) {
    check_attributes(e, {});
    for (const auto& child : e.children) {
        if (child->name != "decision") unsupported(child->at, "annotation <" + child->name + ">");
        check_attributes(*child, {});
        for (const Expr& x : list_of(*child)) {
            if (!x.is_variable()) fail(x.at, "<decision> lists variables");
            in_.decision.push_back(x.var);
        }
    }
}

void Reader::read(const Element& root) {
    if (root.name != "instance") fail(root.at, "the root element is <" + root.name + ">, not <instance>");
    check_attributes(root, {"type"});
    const std::string* type = root.attribute("type");
    if (type == nullptr) fail(root.at, "<instance> without type=\"CSP\" or \"COP\"");
    if (*type != "CSP" && *type != "COP") unsupported(root.attribute_position("type"), "instance type " + *type);
    if (const std::string* format = root.attribute("format"); format != nullptr && *format != "XCSP3") {
        unsupported(root.attribute_position("format"), "format " + *format);
    }
    in_.optimisation = *type == "COP";
    bool seen_variables = false;
    for (const auto& child : root.children) {
        const Element& e = *child;
        if (e.name == "variables") {
            if (seen_variables) fail(e.at, "a second <variables>");
            seen_variables = true;
            read_variables(e);
        } else if (e.name == "constraints") {
            read_constraints(e);
        } else if (e.name == "objectives") {
            if (in_.has_objective) fail(e.at, "a second <objectives>");
            read_objectives(e);
        } else if (e.name == "annotations") {
            read_annotations(e);
        } else {
            unsupported(e.at, "<" + e.name + "> in <instance>");
        }
    }
    if (in_.optimisation && !in_.has_objective) fail(root.at, "a COP instance without <objectives>");
    if (!in_.optimisation && in_.has_objective) fail(root.at, "a CSP instance with <objectives> (type should be COP)");
}

}  // namespace

Instance read_instance(std::string_view text, const std::string& file) {
    Instance instance;
    instance.file = file;
    const std::unique_ptr<Element> root = read_xml(text);
    Reader(instance).read(*root);
    return instance;
}

namespace {

void mark(const Expr& e, std::vector<bool>& used) {
    if (e.is_variable()) used[static_cast<std::size_t>(e.var)] = true;
    for (const Expr& a : e.args) mark(a, used);
}

void mark(const std::vector<Expr>& list, std::vector<bool>& used) {
    for (const Expr& e : list) mark(e, used);
}

}  // namespace

std::vector<bool> used_variables(const Instance& instance) {
    std::vector<bool> used(instance.variables.size(), false);
    for (const Constraint& c : instance.constraints) {
        mark(c.expression, used);
        for (const auto& list : c.lists) mark(list, used);
        mark(c.values, used);
        mark(c.coefficients, used);
        mark(c.occurs, used);
        mark(c.condition.operand, used);
        mark(c.index, used);
        mark(c.index2, used);
        mark(c.value, used);
    }
    if (instance.has_objective) {
        mark(instance.objective.expression, used);
        mark(instance.objective.list, used);
        mark(instance.objective.coefficients, used);
    }
    return used;
}

Assignment read_instantiation(std::string_view text, const Instance& instance) {
    // The solution may come as prune prints it: lines starting with "v ", among others.
    std::string xml;
    bool prefixed = false;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t end = text.find('\n', i);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(i, end - i);
        if (line.substr(0, 2) == "v " || line == "v") {
            prefixed = true;
            xml += line.substr(std::min<std::size_t>(2, line.size()));
        }
        xml += '\n';  // keeps line numbers
        i = end + 1;
    }
    if (!prefixed) xml = std::string(text);
    const std::unique_ptr<Element> root = read_xml(xml);
    if (root->name != "instantiation") fail(root->at, "expected <instantiation>, found <" + root->name + ">");
    check_children(*root, {"list", "values"});
    const Element* list = root->child("list");
    const Element* values = root->child("values");
    if (list == nullptr || values == nullptr) fail(root->at, "<instantiation> needs <list> and <values>");
    Assignment a;
    a.values.assign(instance.variables.size(), 0);
    a.given.assign(instance.variables.size(), false);
    std::vector<int> vars;
    for (const Token& t : split_tokens(list->text, list->text_at)) {
        const std::size_t bracket = t.text.find('[');
        const std::string name = t.text.substr(0, bracket);
        if (bracket == std::string::npos) {
            const auto v = instance.variable_index.find(t.text);
            if (v == instance.variable_index.end()) fail(t.at, "unknown variable " + t.text);
            vars.push_back(v->second);
            continue;
        }
        const auto found = instance.array_index.find(name);
        if (found == instance.array_index.end()) fail(t.at, "unknown array " + name);
        const Array& arr = instance.arrays[static_cast<std::size_t>(found->second)];
        for (const std::size_t c : cells_named(arr, t)) {
            if (arr.cells[c] >= 0) vars.push_back(arr.cells[c]);
        }
    }
    const std::vector<Token> value_tokens = split_tokens(values->text, values->text_at);
    if (value_tokens.size() != vars.size()) {
        fail(values->at, std::to_string(value_tokens.size()) + " values for " + std::to_string(vars.size()) + " variables");
    }
    for (std::size_t i = 0; i < vars.size(); ++i) {
        if (value_tokens[i].text == "*") continue;
        const std::size_t v = static_cast<std::size_t>(vars[i]);
        if (a.given[v]) fail(value_tokens[i].at, "a second value for " + instance.variables[v].name);
        a.values[v] = integer_token(value_tokens[i]);
        a.given[v] = true;
    }
    return a;
}

}  // namespace prune::xcsp3
