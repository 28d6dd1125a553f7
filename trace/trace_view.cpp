#include "trace/trace_view.hpp"

#include "support/html_escape.hpp"
#include "support/json_reader.hpp"
#include "support/source_text.hpp"
#include "trace/jsonl_tracer.hpp"
#include "trace/viewer_assets.hpp"

namespace prune::trace {
namespace {


// The page template with its markers filled in one pass: text put in is never
// searched again, so a title that contains "@DATA@" stays a title.
std::string fill_page(std::string_view title, std::string_view note, std::string_view data) {
    const std::pair<std::string_view, std::string_view> fills[] = {
        {"@TITLE@", title}, {"@NOTE@", note}, {"@DATA@", data}, {"@STYLE@", viewer_style}, {"@SCRIPT@", viewer_script}};
    std::string page;
    page.reserve(viewer_page.size() + data.size() + viewer_script.size() + viewer_style.size() + note.size() + title.size());
    std::size_t at = 0;
    while (at < viewer_page.size()) {
        const std::size_t marker = viewer_page.find('@', at);
        if (marker == std::string_view::npos) break;
        page += viewer_page.substr(at, marker - at);
        at = marker;
        for (const auto& [name, text] : fills) {
            if (viewer_page.substr(marker, name.size()) == name) {
                page += text;
                at = marker + name.size();
                break;
            }
        }
        if (at == marker) page += viewer_page[at++];  // an '@' that starts no marker
    }
    if (at < viewer_page.size()) page += viewer_page.substr(at);
    return page;
}

std::string diagnostic(const std::string& path, std::size_t line, std::size_t column, std::string message) {
    return support::Diagnostic{path, static_cast<int>(line), static_cast<int>(column), std::move(message)}.to_string();
}

}  // namespace

std::optional<TraceFile> read_trace(const std::string& path, const std::string& text, const ViewBudget& budget, std::string& error) {
    TraceFile trace;
    std::size_t start = text.rfind(support::byte_order_mark, 0) == 0 ? support::byte_order_mark.size() : 0;  // skip a BOM
    std::size_t line_number = 0;
    bool keeping = true;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        start = end + 1;
        ++line_number;
        if (line.find_first_not_of(" \t") == std::string_view::npos) {
            if (line_number == 1) {
                error = diagnostic(path, 1, 1, "empty first line: a prune trace starts with its header");
                return std::nullopt;
            }
            continue;
        }
        std::string message;
        std::size_t offset = 0;
        const auto value = support::parse_json(line, message, offset);
        if (!value && line_number == 1) {
            error = diagnostic(path, 1, 1, "not a prune trace: the first line is not JSON (" + message + "); write a trace with prune solve --trace");
            return std::nullopt;
        }
        if (!value && end == text.size()) {
            trace.partial_last_line = true;  // cut short while the line was written
            break;
        }
        if (!value) {
            error = diagnostic(path, line_number, static_cast<std::size_t>(support::column_width(line.substr(0, offset))) + 1, message);
            return std::nullopt;
        }
        const support::JsonValue* type = value->type == support::JsonValue::Type::object ? value->find("e") : nullptr;
        if (type == nullptr || type->type != support::JsonValue::Type::string) {
            error = diagnostic(path, line_number, 1, "each line of a trace is a JSON object with a string member \"e\"");
            return std::nullopt;
        }
        if (line_number == 1) {
            const support::JsonValue* format = value->find("format");
            const support::JsonValue* version = value->find("version");
            if (type->string != "header" || format == nullptr || format->type != support::JsonValue::Type::string || format->string != "prune-trace") {
                error = diagnostic(path, 1, 1, "not a prune trace: the first line must be {\"e\":\"header\",\"format\":\"prune-trace\",...} (write one with prune solve --trace)");
                return std::nullopt;
            }
            if (version == nullptr || !version->is_integer() || version->number < 1 || version->number > trace_format_version) {
                error = diagnostic(path, 1, 1, "unsupported trace format version (this prune reads version " + std::to_string(trace_format_version) + ")");
                return std::nullopt;
            }
            trace.lines.emplace_back(line);
            continue;
        }
        ++trace.total_events;
        if (type->string == "end") trace.has_end = true;
        const bool is_node = type->string == "node";
        if (is_node) ++trace.total_nodes;
        if (keeping && ((is_node && trace.kept_nodes >= budget.nodes) || trace.lines.size() - 1 >= budget.events)) {
            keeping = false;
            trace.cut = true;
        }
        if (keeping || type->string == "end") {
            trace.lines.emplace_back(line);
            if (is_node && keeping) ++trace.kept_nodes;
        }
    }
    if (line_number == 0) {
        error = diagnostic(path, 1, 1, "empty file: a prune trace starts with its header");
        return std::nullopt;
    }
    return trace;
}

std::string trace_page(const TraceFile& trace, const std::string& title) {
    std::string data = "[";
    for (std::size_t i = 0; i < trace.lines.size(); ++i) {
        if (i > 0) data += ",\n";
        // '<' only occurs inside JSON strings: \u003c keeps "</script>" out of the page.
        for (const char c : trace.lines[i]) {
            if (c == '<') data += "\\u003c";
            else data += c;
        }
    }
    data += "]";
    std::string note;
    if (trace.cut) {
        note = "<div class=\"note\">This trace is too large to show whole: the page shows its first " + std::to_string(trace.kept_nodes) + " of " +
               std::to_string(trace.total_nodes) + " nodes (" + std::to_string(trace.lines.size() - 1) + " of " + std::to_string(trace.total_events) +
               " events). Use --trace-limit or a smaller search to see the rest.</div>";
    }
    return fill_page(support::html_escape(title), note, data);
}

}  // namespace prune::trace
