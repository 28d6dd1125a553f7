#include "xml.hpp"

#include <cstdint>

namespace prune::xcsp3 {

const std::string* Element::attribute(std::string_view key) const {
    for (const auto& [k, v] : attributes) {
        if (k == key) return &v;
    }
    return nullptr;
}

Position Element::attribute_position(std::string_view key) const {
    for (std::size_t i = 0; i < attributes.size(); ++i) {
        if (attributes[i].first == key) return attribute_at[i];
    }
    return at;
}

const Element* Element::child(std::string_view child_name) const {
    for (const auto& c : children) {
        if (c->name == child_name) return c.get();
    }
    return nullptr;
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_name_char(char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || c == '_' || c == '-' ||
           c == '.' || c == ':' || u >= 0x80;
}

std::string printable(char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
    static const char* digits = "0123456789ABCDEF";
    return std::string("byte 0x") + digits[u >> 4] + digits[u & 15];
}

// The byte-by-byte cursor with its position.
class Cursor {
public:
    explicit Cursor(std::string_view text) : text_(text) {}
    bool done() const { return i_ >= text_.size(); }
    char peek(std::size_t ahead = 0) const { return i_ + ahead < text_.size() ? text_[i_ + ahead] : '\0'; }
    bool starts_with(std::string_view s) const { return text_.substr(i_, s.size()) == s; }
    Position position() const { return pos_; }
    char next() {
        const char c = text_[i_++];
        if (c == '\n') {
            ++pos_.line;
            pos_.column = 1;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            ++pos_.column;
        }
        return c;
    }
    void skip(std::size_t n) {
        for (std::size_t k = 0; k < n && !done(); ++k) next();
    }
    void skip_spaces() {
        while (!done() && is_space(peek())) next();
    }
    // Skips past `terminator`, or fails at `start` with `what` unterminated.
    void skip_past(std::string_view terminator, Position start, const char* what) {
        while (!done() && !starts_with(terminator)) next();
        if (done()) throw InputError(start, std::string("unterminated ") + what);
        skip(terminator.size());
    }
    [[noreturn]] void fail(const std::string& message) const { throw InputError(pos_, message); }

private:
    std::string_view text_;
    std::size_t i_ = 0;
    Position pos_;
};

// Appends the UTF-8 encoding of code point `cp`.
void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// An entity or character reference after '&' (the cursor is on '&').
void read_reference(Cursor& in, std::string& out) {
    const Position at = in.position();
    in.next();
    std::string name;
    while (!in.done() && in.peek() != ';' && name.size() < 12) name += in.next();
    if (in.peek() != ';') throw InputError(at, "unterminated entity reference (a literal '&' is written &amp;)");
    in.next();
    if (name == "lt") out += '<';
    else if (name == "gt") out += '>';
    else if (name == "amp") out += '&';
    else if (name == "quot") out += '"';
    else if (name == "apos") out += '\'';
    else if (name.size() > 1 && name[0] == '#') {
        const bool hex = name[1] == 'x';
        std::uint32_t cp = 0;
        const std::size_t first = hex ? 2 : 1;
        if (name.size() == first) throw InputError(at, "empty character reference");
        for (std::size_t k = first; k < name.size(); ++k) {
            const char c = name[k];
            int d = -1;
            if (c >= '0' && c <= '9') d = c - '0';
            else if (hex && c >= 'a' && c <= 'f') d = c - 'a' + 10;
            else if (hex && c >= 'A' && c <= 'F') d = c - 'A' + 10;
            if (d < 0) throw InputError(at, "bad character reference &" + name + ";");
            cp = cp * (hex ? 16 : 10) + static_cast<std::uint32_t>(d);
            if (cp > 0x10FFFF) throw InputError(at, "character reference &" + name + "; is beyond Unicode");
        }
        append_utf8(out, cp);
    } else {
        throw InputError(at, "unknown entity &" + name + ";");
    }
}

std::string read_name(Cursor& in, const char* what) {
    std::string name;
    while (!in.done() && is_name_char(in.peek())) name += in.next();
    if (name.empty()) in.fail(std::string("expected ") + what + (in.done() ? ", found the end of the file" : ", found " + printable(in.peek())));
    return name;
}

// A start tag after '<' (the cursor is on its name). Returns true for `<x/>`.
bool read_start_tag(Cursor& in, Element& e) {
    e.name = read_name(in, "an element name");
    for (;;) {
        const bool spaced = !in.done() && is_space(in.peek());
        in.skip_spaces();
        if (in.done()) throw InputError(e.at, "unterminated start tag <" + e.name + ">");
        if (in.peek() == '>') {
            in.next();
            return false;
        }
        if (in.starts_with("/>")) {
            in.skip(2);
            return true;
        }
        if (!spaced) in.fail("expected a space, '>' or '/>' in the start tag, found " + printable(in.peek()));
        std::string key = read_name(in, "an attribute name");
        in.skip_spaces();
        if (in.peek() != '=') in.fail("expected '=' after attribute " + key);
        in.next();
        in.skip_spaces();
        const char quote = in.peek();
        if (quote != '"' && quote != '\'') in.fail("expected a quoted value for attribute " + key);
        in.next();
        const Position value_at = in.position();
        std::string value;
        while (!in.done() && in.peek() != quote) {
            if (in.peek() == '<') in.fail("'<' inside an attribute value");
            if (in.peek() == '&') read_reference(in, value);
            else value += in.next();
        }
        if (in.done()) throw InputError(value_at, "unterminated value of attribute " + key);
        in.next();
        if (e.attribute(key) != nullptr) throw InputError(value_at, "attribute " + key + " given twice");
        e.attributes.emplace_back(std::move(key), std::move(value));
        e.attribute_at.push_back(value_at);
    }
}

void add_text(Element& e, Position at, const std::string& piece) {
    if (piece.empty()) return;
    if (e.text.empty()) e.text_at = at;
    e.text += piece;
}

}  // namespace

std::unique_ptr<Element> read_xml(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    Cursor in(text);
    std::unique_ptr<Element> root;
    std::vector<Element*> open;  // the elements whose end tag is still to come
    while (!in.done()) {
        const Position at = in.position();
        if (in.starts_with("<!--")) {
            in.skip_past("-->", at, "comment");
        } else if (in.starts_with("<?")) {
            in.skip_past("?>", at, "processing instruction");
        } else if (in.starts_with("<![CDATA[")) {
            if (open.empty()) in.fail("character data outside the root element");
            in.skip(9);
            std::string piece;
            while (!in.done() && !in.starts_with("]]>")) piece += in.next();
            if (in.done()) throw InputError(at, "unterminated CDATA section");
            in.skip(3);
            add_text(*open.back(), at, piece);
        } else if (in.starts_with("<!")) {
            if (root) in.fail("a declaration after the root element");
            in.skip_past(">", at, "declaration");
        } else if (in.starts_with("</")) {
            in.skip(2);
            const std::string name = read_name(in, "an element name");
            in.skip_spaces();
            if (in.peek() != '>') in.fail("expected '>' to end </" + name);
            in.next();
            if (open.empty()) throw InputError(at, "end tag </" + name + "> without a start tag");
            if (open.back()->name != name) {
                throw InputError(at, "end tag </" + name + "> does not match <" + open.back()->name + "> at line " +
                                         std::to_string(open.back()->at.line));
            }
            open.pop_back();
        } else if (in.peek() == '<') {
            in.next();
            if (root && open.empty()) throw InputError(at, "a second root element");
            if (open.size() >= static_cast<std::size_t>(max_depth)) throw InputError(at, "elements nested more than " + std::to_string(max_depth) + " deep");
            auto e = std::make_unique<Element>();
            e->at = at;
            e->text_at = in.position();
            const bool empty = read_start_tag(in, *e);
            Element* raw = e.get();
            if (open.empty()) root = std::move(e);
            else open.back()->children.push_back(std::move(e));
            if (!empty) open.push_back(raw);
        } else {
            std::string piece;
            while (!in.done() && in.peek() != '<') {
                if (in.peek() == '&') read_reference(in, piece);
                else piece += in.next();
            }
            if (open.empty()) {
                for (const char c : piece) {
                    if (!is_space(c)) throw InputError(at, "text outside the root element");
                }
            } else {
                add_text(*open.back(), at, piece);
            }
        }
    }
    if (!open.empty()) throw InputError(open.back()->at, "element <" + open.back()->name + "> is not closed");
    if (!root) throw InputError(in.position(), "no XML element in the file");
    return root;
}

}  // namespace prune::xcsp3
