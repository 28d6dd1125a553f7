#include "cli/html_page.hpp"

#include "puzzles/check_report.hpp"
#include "support/html_escape.hpp"

namespace prune::cli {

using puzzles::CheckLine;
using puzzles::CheckReport;
using support::html_escape;

std::string html_page(std::string_view title, std::string_view subtitle, std::string_view figure, const CheckReport* report) {
    std::string page;
    page += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    page += "<title>" + html_escape(title) + "</title>\n";
    page += "<style>\n"
            "body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }\n"
            "h1 { font-size: 1.4em; margin-bottom: 0.2em; }\n"
            "p.subtitle { color: #666; margin-top: 0; }\n"
            "figure { margin: 1.5em 0; }\n"
            "pre.check { background: #f6f6f6; padding: 0.8em; border-radius: 4px; }\n"
            ".ok { color: #1a7f37; } .error { color: #c62828; font-weight: bold; }\n"
            "</style>\n</head>\n<body>\n";
    page += "<h1>" + html_escape(title) + "</h1>\n";
    if (!subtitle.empty()) page += "<p class=\"subtitle\">" + html_escape(subtitle) + "</p>\n";
    page += "<figure>\n";
    page += figure;
    page += "\n</figure>\n";
    if (report != nullptr) {
        page += "<pre class=\"check\">";
        for (const CheckLine& line : report->lines) {
            page += html_escape(line.text) + (line.ok ? " <span class=\"ok\">OK</span>\n" : " <span class=\"error\">ERROR</span>\n");
        }
        page += "<span class=\"" + std::string(report->ok() ? "ok" : "error") + "\">" + html_escape(report->summary()) + "</span>";
        page += "</pre>\n";
    }
    page += "</body>\n</html>\n";
    return page;
}

}  // namespace prune::cli
