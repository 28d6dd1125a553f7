// The support layer's vocabulary (support/: source text and file:line:col
// diagnostics, JSON, s-expressions, HTML escaping) named in the puzzles namespace,
// where every parser, checker and renderer uses it unqualified.
#pragma once
#include "support/html_escape.hpp"
#include "support/json_reader.hpp"
#include "support/json_writer.hpp"
#include "support/sexpr.hpp"
#include "support/source_text.hpp"

namespace prune::puzzles {

using support::column_width;
using support::Diagnostic;
using support::Glyph;
using support::html_escape;
using support::JsonValue;
using support::JsonWriter;
using support::parse_json;
using support::parse_sexprs;
using support::quoted_character;
using support::SExpr;
using support::SExprError;
using support::SourceLine;
using support::SourceText;
using support::utf8_length;

}  // namespace prune::puzzles
