// The support/ library (this folder also holds the tests' own helpers): what the
// front ends share below them. JSON: json_test.cpp here; s-expressions:
// tests/puzzles/smtlib_test.cpp; source text also through every parser's error tests.
#include "catch.hpp"

#include <csignal>
#include <string>
#include <vector>

#include "support/html_escape.hpp"
#include "support/line_span.hpp"
#include "support/signal_stop.hpp"
#include "support/source_text.hpp"

using namespace prune::support;

TEST_CASE("html_escape writes every character HTML reads as markup as an entity", "[support]") {
    CHECK(html_escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;");
    CHECK(html_escape("plain é text") == "plain é text");
    CHECK(html_escape("") == "");
}

TEST_CASE("for_each_line gives numbered lines with their blanks trimmed", "[support]") {
    const std::string text = "  one \r\n\n\t# two\nthree";
    std::vector<LineSpan> lines;
    for_each_line(text, [&](const LineSpan& line) { lines.push_back(line); });
    REQUIRE(lines.size() == 4);
    CHECK(lines[0].number == 1);
    CHECK(text.substr(lines[0].first, lines[0].last - lines[0].first) == "one");
    CHECK(lines[0].begin == 0);
    CHECK(text.substr(lines[0].begin, lines[0].end - lines[0].begin) == "  one \r");
    CHECK(lines[1].blank());
    CHECK(lines[2].number == 3);
    CHECK(text.substr(lines[2].first, lines[2].last - lines[2].first) == "# two");
    CHECK(lines[3].number == 4);  // the last line has no newline and still counts
    CHECK(text.substr(lines[3].first, lines[3].last - lines[3].first) == "three");

    int count = 0;
    for_each_line("a\n", [&](const LineSpan&) { ++count; });
    CHECK(count == 1);  // nothing after the last newline is no line
    for_each_line("", [&](const LineSpan&) { ++count; });
    CHECK(count == 1);
}

TEST_CASE("content_lines keeps line numbers and columns across blank and comment lines", "[support]") {
    const SourceText source{"f.txt", "\n# comment\n  ab c\n\t\xC3\xA9x\n"};
    const std::vector<SourceLine> lines = source.content_lines();
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].number == 3);
    CHECK(lines[0].first_column == 3);
    CHECK(lines[0].text == "ab c");
    CHECK(lines[1].number == 4);
    CHECK(lines[1].first_column == 2);
    CHECK(source.error_at(4, 3, "bad").to_string() == "f.txt:4:3: error: bad");
}

TEST_CASE("step_position counts lines and UTF-8 characters, not bytes", "[support]") {
    int line = 1;
    int column = 1;
    for (const char c : std::string("a\xC3\xA9")) step_position(c, line, column);
    CHECK(line == 1);
    CHECK(column == 3);  // 'a' and 'é': two characters, three bytes
    step_position('\n', line, column);
    CHECK(line == 2);
    CHECK(column == 1);
}

TEST_CASE("SignalStop raises its flag on SIGINT and SIGTERM while it lives", "[support]") {
    for (const int signal : {SIGINT, SIGTERM}) {
        const SignalStop stop;
        CHECK(!stop.flag()->load());
        CHECK(stop.raised() == 0);
        REQUIRE(std::raise(signal) == 0);
        CHECK(stop.flag()->load());
        CHECK(stop.raised() == signal);
        CHECK(std::string(SignalStop::name(signal)) == (signal == SIGINT ? "SIGINT" : "SIGTERM"));
    }
    // A new SignalStop starts lowered, and the flag a search was given before it is the same.
    const std::atomic<bool>* given_early = SignalStop::flag();
    const SignalStop stop;
    CHECK(stop.flag() == given_early);
    CHECK(!given_early->load());
}
