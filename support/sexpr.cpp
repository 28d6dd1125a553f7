#include "support/sexpr.hpp"
#include "support/source_text.hpp"

namespace prune::support {
namespace {

constexpr int max_depth = 200;  // refuse pathological nesting instead of overflowing the stack

class SExprParser {
public:
    explicit SExprParser(std::string_view text) : text_(text) {}

    std::optional<std::vector<SExpr>> parse_all(SExprError& error) {
        std::vector<SExpr> result;
        for (;;) {
            skip_blanks_and_comments();
            if (pos_ >= text_.size()) return result;
            SExpr e;
            if (!parse(e, 0)) {
                error = error_;
                return std::nullopt;
            }
            result.push_back(std::move(e));
        }
    }

private:
    bool fail(const std::string& message) {
        if (error_.message.empty()) error_ = SExprError{message, line_, column_};
        return false;
    }
    void advance() {
        support::step_position(text_[pos_], line_, column_);
        ++pos_;
    }
    static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
    void skip_blanks_and_comments() {
        while (pos_ < text_.size()) {
            if (is_blank(text_[pos_])) {
                advance();
            } else if (text_[pos_] == ';') {
                while (pos_ < text_.size() && text_[pos_] != '\n') advance();
            } else {
                break;
            }
        }
    }

    bool parse(SExpr& out, int depth) {
        if (depth > max_depth) return fail("expression nested too deeply");
        out.line = line_;
        out.column = column_;
        const char c = text_[pos_];
        if (c == ')') return fail("unexpected ')'");
        if (c == '(') {
            out.is_list = true;
            advance();
            for (;;) {
                skip_blanks_and_comments();
                if (pos_ >= text_.size()) return fail("missing ')'");
                if (text_[pos_] == ')') {
                    advance();
                    return true;
                }
                SExpr item;
                if (!parse(item, depth + 1)) return false;
                out.items.push_back(std::move(item));
            }
        }
        if (c == '|' || c == '"') {
            const char close = c;
            out.atom += c;
            advance();
            while (pos_ < text_.size() && text_[pos_] != close) {
                out.atom += text_[pos_];
                advance();
            }
            if (pos_ >= text_.size()) return fail(close == '|' ? "unterminated |symbol|" : "unterminated string");
            out.atom += close;
            advance();
            return true;
        }
        while (pos_ < text_.size() && !is_blank(text_[pos_]) && text_[pos_] != '(' && text_[pos_] != ')' && text_[pos_] != ';') {
            out.atom += text_[pos_];
            advance();
        }
        return true;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    int line_ = 1;
    int column_ = 1;
    SExprError error_;
};

}  // namespace

std::optional<std::vector<SExpr>> parse_sexprs(std::string_view text, SExprError& error) {
    SExprParser parser(text);
    return parser.parse_all(error);
}

}  // namespace prune::support
