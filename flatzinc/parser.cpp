#include "parser.hpp"

#include <cstdlib>
#include <limits>

#include "support/source_text.hpp"

namespace prune::flatzinc {
namespace {

// The largest array index set 1..n accepted (2^24 elements).
constexpr std::int64_t max_array_size = std::int64_t{1} << 24;

struct SyntaxError {
    Location where;
    std::string message;
};

enum class Tok : std::uint8_t {
    end,
    identifier,
    integer,
    floating,
    string,
    dotdot,
    coloncolon,
    colon,
    semicolon,
    comma,
    lparen,
    rparen,
    lbracket,
    rbracket,
    lbrace,
    rbrace,
    equals,
};

struct Token {
    Tok kind = Tok::end;
    Location where;
    std::string text;
    std::int64_t integer = 0;
    double floating = 0;
};

std::string describe(const Token& t) {
    switch (t.kind) {
        case Tok::end: return "the end of the file";
        case Tok::identifier: return "'" + t.text + "'";
        case Tok::integer: return "the integer " + t.text;
        case Tok::floating: return "the number " + t.text;
        case Tok::string: return "a string";
        default: return "'" + t.text + "'";
    }
}

class Lexer {
public:
    explicit Lexer(std::string_view text) : text_(text) {}

    Token next() {
        skip_space();
        Token t;
        t.where = {line_, column_};
        if (pos_ >= text_.size()) return t;
        const char c = text_[pos_];
        if (is_alpha(c) || c == '_') {
            const std::size_t start = pos_;
            while (pos_ < text_.size() && (is_alpha(text_[pos_]) || is_digit(text_[pos_]) || text_[pos_] == '_')) advance();
            t.kind = Tok::identifier;
            t.text = std::string(text_.substr(start, pos_ - start));
            return t;
        }
        if (is_digit(c) || (c == '-' && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1])) ||
            (c == '+' && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1]))) {
            return number(t);
        }
        if (c == '"') return string(t);
        auto single = [&](Tok kind, int length) {
            t.kind = kind;
            t.text = std::string(text_.substr(pos_, static_cast<std::size_t>(length)));
            for (int i = 0; i < length; ++i) advance();
            return t;
        };
        const char d = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
        switch (c) {
            case '.':
                if (d == '.') return single(Tok::dotdot, 2);
                break;
            case ':': return d == ':' ? single(Tok::coloncolon, 2) : single(Tok::colon, 1);
            case ';': return single(Tok::semicolon, 1);
            case ',': return single(Tok::comma, 1);
            case '(': return single(Tok::lparen, 1);
            case ')': return single(Tok::rparen, 1);
            case '[': return single(Tok::lbracket, 1);
            case ']': return single(Tok::rbracket, 1);
            case '{': return single(Tok::lbrace, 1);
            case '}': return single(Tok::rbrace, 1);
            case '=': return single(Tok::equals, 1);
            default: break;
        }
        std::string shown(1, c);
        if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) >= 127) shown = "\\x" + hex(c);
        throw SyntaxError{t.where, "unexpected character '" + shown + "'"};
    }

private:
    static bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
    static bool is_digit(char c) { return c >= '0' && c <= '9'; }
    static std::string hex(char c) {
        const char* digits = "0123456789abcdef";
        const unsigned char u = static_cast<unsigned char>(c);
        return std::string{digits[u >> 4], digits[u & 15]};
    }

    void advance() {
        support::step_position(text_[pos_], line_, column_);
        ++pos_;
    }

    void skip_space() {
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '%') {
                while (pos_ < text_.size() && text_[pos_] != '\n') advance();
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                advance();
            } else {
                return;
            }
        }
    }

    Token number(Token& t) {
        const std::size_t start = pos_;
        bool negative = false;
        if (text_[pos_] == '-' || text_[pos_] == '+') {
            negative = text_[pos_] == '-';
            advance();
        }
        int base = 10;
        if (text_[pos_] == '0' && pos_ + 1 < text_.size() && (text_[pos_ + 1] == 'x' || text_[pos_ + 1] == 'o') &&
            pos_ + 2 < text_.size()) {
            base = text_[pos_ + 1] == 'x' ? 16 : 8;
            advance();
            advance();
        }
        const std::size_t digits_start = pos_;
        auto digit_value = [&](char c) -> int {
            if (c >= '0' && c <= '9') return c - '0';
            if (base == 16 && c >= 'a' && c <= 'f') return c - 'a' + 10;
            if (base == 16 && c >= 'A' && c <= 'F') return c - 'A' + 10;
            return 99;
        };
        std::uint64_t magnitude = 0;
        bool overflow = false;
        while (pos_ < text_.size() && digit_value(text_[pos_]) < base) {
            const std::uint64_t next = magnitude * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(digit_value(text_[pos_]));
            if (next / static_cast<std::uint64_t>(base) != magnitude || next > (std::uint64_t{1} << 63)) overflow = true;
            magnitude = next;
            advance();
        }
        if (pos_ == digits_start) throw SyntaxError{t.where, "malformed number"};
        // A float: digits '.' digits, or an exponent. '1..5' is a range, not a float.
        bool is_float = false;
        if (base == 10 && pos_ + 1 < text_.size() && text_[pos_] == '.' && is_digit(text_[pos_ + 1])) {
            is_float = true;
            advance();
            while (pos_ < text_.size() && is_digit(text_[pos_])) advance();
        }
        if (base == 10 && pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            std::size_t look = pos_ + 1;
            if (look < text_.size() && (text_[look] == '+' || text_[look] == '-')) ++look;
            if (look < text_.size() && is_digit(text_[look])) {
                is_float = true;
                while (pos_ < look) advance();
                while (pos_ < text_.size() && is_digit(text_[pos_])) advance();
            }
        }
        t.text = std::string(text_.substr(start, pos_ - start));
        if (pos_ < text_.size() && (is_alpha(text_[pos_]) || text_[pos_] == '_')) {
            throw SyntaxError{t.where, "malformed number '" + t.text + text_[pos_] + "'"};
        }
        if (is_float) {
            t.kind = Tok::floating;
            t.floating = std::strtod(t.text.c_str(), nullptr);
            return t;
        }
        if (overflow || (!negative && magnitude > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))) {
            throw SyntaxError{t.where, "integer literal " + t.text + " does not fit in 64 bits"};
        }
        t.kind = Tok::integer;
        t.integer = negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
        return t;
    }

    Token string(Token& t) {
        advance();  // the opening quote
        std::string value;
        for (;;) {
            if (pos_ >= text_.size() || text_[pos_] == '\n') throw SyntaxError{t.where, "unterminated string"};
            const char c = text_[pos_];
            advance();
            if (c == '"') break;
            if (c == '\\' && pos_ < text_.size()) {
                const char e = text_[pos_];
                advance();
                value += e == 'n' ? '\n' : (e == 't' ? '\t' : e);
            } else {
                value += c;
            }
        }
        t.kind = Tok::string;
        t.text = value;
        return t;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
    int column_ = 1;
};

class Parser {
public:
    explicit Parser(std::string_view text) : lexer_(text) {
        current_ = lexer_.next();
    }

    Model parse_model() {
        Model m;
        while (current_.kind != Tok::end) {
            if (is_word("predicate")) {
                skip_predicate();
            } else if (is_word("constraint")) {
                m.constraints.push_back(parse_constraint());
            } else if (is_word("solve")) {
                if (m.has_solve) throw SyntaxError{current_.where, "a second solve item"};
                m.solve = parse_solve();
                m.has_solve = true;
            } else if (is_word("output")) {
                throw SyntaxError{current_.where, "an output item is MiniZinc, not FlatZinc"};
            } else {
                m.declarations.push_back(parse_declaration());
            }
        }
        if (!m.has_solve) throw SyntaxError{current_.where, "the model has no solve item"};
        return m;
    }

private:
    bool is_word(const char* w) const { return current_.kind == Tok::identifier && current_.text == w; }

    Token take() {
        Token t = std::move(current_);
        current_ = lexer_.next();
        return t;
    }

    Token expect(Tok kind, const char* what) {
        if (current_.kind != kind) throw SyntaxError{current_.where, std::string("expected ") + what + " but found " + describe(current_)};
        return take();
    }
    void expect_word(const char* w) {
        if (!is_word(w)) throw SyntaxError{current_.where, std::string("expected '") + w + "' but found " + describe(current_)};
        take();
    }
    bool accept(Tok kind) {
        if (current_.kind != kind) return false;
        take();
        return true;
    }

    void skip_predicate() {
        take();
        int depth = 0;
        for (;;) {
            if (current_.kind == Tok::end) throw SyntaxError{current_.where, "unterminated predicate declaration"};
            if (current_.kind == Tok::lparen || current_.kind == Tok::lbracket) ++depth;
            if (current_.kind == Tok::rparen || current_.kind == Tok::rbracket) --depth;
            if (current_.kind == Tok::semicolon && depth <= 0) {
                take();
                return;
            }
            take();
        }
    }

    std::int64_t integer(const char* what) { return expect(Tok::integer, what).integer; }

    Type parse_type() {
        Type t;
        if (is_word("array")) {
            take();
            expect(Tok::lbracket, "'['");
            if (is_word("int")) {
                take();
                t.array_size = -1;  // unknown: taken from the value
            } else {
                const Location at = current_.where;
                const std::int64_t lo = integer("an index set 1..n");
                expect(Tok::dotdot, "'..'");
                const std::int64_t hi = integer("an index set 1..n");
                if (lo != 1 || hi < 0) throw SyntaxError{at, "array index sets must be 1..n"};
                // An array of variables without a value makes one variable per index:
                // bound it, so that a typo cannot ask for 10^12 of them.
                if (hi > max_array_size) {
                    std::string message = "array index set 1..";
                    message.append(std::to_string(hi)).append(" is too large (at most 1..").append(std::to_string(max_array_size)).append(")");
                    throw SyntaxError{at, std::move(message)};
                }
                t.array_size = hi;
            }
            expect(Tok::rbracket, "']'");
            expect_word("of");
            t.is_array = true;
        }
        if (is_word("var")) {
            take();
            t.is_var = true;
        } else if (is_word("par")) {
            take();
        }
        if (is_word("bool")) {
            take();
            t.base = Type::Base::boolean;
        } else if (is_word("int")) {
            take();
            t.base = Type::Base::integer;
        } else if (is_word("float")) {
            take();
            t.base = Type::Base::floating;
        } else if (is_word("set")) {
            take();
            expect_word("of");
            t.base = Type::Base::set_of_int;
            if (is_word("int")) {
                take();
            } else {
                t.has_domain = true;
                t.domain = parse_expr();
                if (t.domain.kind != Expr::Kind::set) throw SyntaxError{t.domain.where, "expected a set of integers"};
            }
        } else if (current_.kind == Tok::integer || current_.kind == Tok::lbrace || current_.kind == Tok::floating) {
            t.has_domain = true;
            t.domain = parse_expr();
            if (t.domain.kind == Expr::Kind::float_range) {
                t.base = Type::Base::floating;
            } else if (t.domain.kind == Expr::Kind::set) {
                t.base = Type::Base::integer;
            } else {
                throw SyntaxError{t.domain.where, "expected a domain (lo..hi or {v, ...})"};
            }
        } else {
            throw SyntaxError{current_.where, "expected a type but found " + describe(current_)};
        }
        return t;
    }

    Declaration parse_declaration() {
        Declaration d;
        d.where = current_.where;
        d.type = parse_type();
        expect(Tok::colon, "':'");
        d.name = expect(Tok::identifier, "a name").text;
        d.annotations = parse_annotations();
        if (accept(Tok::equals)) {
            d.has_value = true;
            d.value = parse_expr();
        }
        expect(Tok::semicolon, "';'");
        return d;
    }

    Constraint parse_constraint() {
        Constraint c;
        c.where = current_.where;
        take();
        c.name = expect(Tok::identifier, "a constraint name").text;
        expect(Tok::lparen, "'('");
        if (current_.kind != Tok::rparen) {
            do {
                c.arguments.push_back(parse_expr());
            } while (accept(Tok::comma));
        }
        expect(Tok::rparen, "')'");
        c.annotations = parse_annotations();
        expect(Tok::semicolon, "';'");
        return c;
    }

    SolveItem parse_solve() {
        SolveItem s;
        s.where = current_.where;
        take();
        s.annotations = parse_annotations();
        if (is_word("satisfy")) {
            take();
        } else if (is_word("minimize") || is_word("maximize")) {
            s.goal = is_word("minimize") ? SolveItem::Goal::minimize : SolveItem::Goal::maximize;
            take();
            s.objective = parse_expr();
        } else {
            throw SyntaxError{current_.where, "expected 'satisfy', 'minimize' or 'maximize' but found " + describe(current_)};
        }
        expect(Tok::semicolon, "';'");
        return s;
    }

    std::vector<Expr> parse_annotations() {
        std::vector<Expr> out;
        while (accept(Tok::coloncolon)) {
            Expr a = parse_expr();
            if (a.kind != Expr::Kind::identifier && a.kind != Expr::Kind::call) {
                throw SyntaxError{a.where, "expected an annotation"};
            }
            out.push_back(std::move(a));
        }
        return out;
    }

    Expr parse_expr() {
        // Nesting only comes from arrays and annotation calls; a bound keeps a
        // malformed file from exhausting the stack.
        if (depth_ >= 64) throw SyntaxError{current_.where, "expressions nested too deeply"};
        ++depth_;
        Expr e = parse_expr_inner();
        --depth_;
        return e;
    }

    Expr parse_expr_inner() {
        Expr e;
        e.where = current_.where;
        switch (current_.kind) {
            case Tok::identifier: {
                Token t = take();
                if (t.text == "true" || t.text == "false") {
                    e.kind = Expr::Kind::boolean;
                    e.boolean = t.text == "true";
                    return e;
                }
                e.text = std::move(t.text);
                if (accept(Tok::lparen)) {
                    e.kind = Expr::Kind::call;
                    if (current_.kind != Tok::rparen) {
                        do {
                            e.items.push_back(parse_expr());
                        } while (accept(Tok::comma));
                    }
                    expect(Tok::rparen, "')'");
                    return e;
                }
                if (accept(Tok::lbracket)) {
                    e.kind = Expr::Kind::access;
                    e.integer = integer("an array index");
                    expect(Tok::rbracket, "']'");
                    return e;
                }
                e.kind = Expr::Kind::identifier;
                return e;
            }
            case Tok::integer: {
                const std::int64_t lo = take().integer;
                if (accept(Tok::dotdot)) {
                    e.kind = Expr::Kind::set;
                    e.set.push_back({lo, integer("the upper end of a range")});
                    return e;
                }
                e.kind = Expr::Kind::integer;
                e.integer = lo;
                return e;
            }
            case Tok::floating: {
                e.floating = take().floating;
                if (accept(Tok::dotdot)) {
                    e.kind = Expr::Kind::float_range;
                    if (current_.kind == Tok::integer) {
                        take();
                    } else {
                        expect(Tok::floating, "the upper end of a range");
                    }
                    return e;
                }
                e.kind = Expr::Kind::floating;
                return e;
            }
            case Tok::lbrace: {
                take();
                e.kind = Expr::Kind::set;
                if (current_.kind != Tok::rbrace) {
                    do {
                        const std::int64_t lo = integer("an integer in a set literal");
                        std::int64_t hi = lo;
                        if (accept(Tok::dotdot)) hi = integer("the upper end of a range");
                        e.set.push_back({lo, hi});
                    } while (accept(Tok::comma));
                }
                expect(Tok::rbrace, "'}'");
                return e;
            }
            case Tok::lbracket: {
                take();
                e.kind = Expr::Kind::array;
                if (current_.kind != Tok::rbracket) {
                    do {
                        e.items.push_back(parse_expr());
                    } while (accept(Tok::comma));
                }
                expect(Tok::rbracket, "']'");
                return e;
            }
            case Tok::string: {
                e.kind = Expr::Kind::string;
                e.text = take().text;
                return e;
            }
            default: break;
        }
        throw SyntaxError{current_.where, "expected an expression but found " + describe(current_)};
    }

    Lexer lexer_;
    Token current_;
    int depth_ = 0;
};

}  // namespace

std::string diagnostic(const std::string& file, Location where, const char* severity, const std::string& message) {
    return file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + severity + ": " + message;
}

ParseResult parse(std::string_view text, const std::string& file) {
    ParseResult r;
    // A UTF-8 byte-order mark (some editors write one) is not part of the model.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    try {
        Parser p(text);
        r.model = p.parse_model();
        r.ok = true;
    } catch (const SyntaxError& e) {
        r.error = diagnostic(file, e.where, "error", e.message);
    }
    return r;
}

}  // namespace prune::flatzinc
