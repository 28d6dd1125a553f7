"""A parser for the YAML subset used by the headers of MiniZinc's spec tests.

The headers of ../shared/data/minizinc-spec/**/*.mzn are YAML documents between
`/***` and `***/`.  They use block mappings and sequences, flow sequences and
mappings, plain/quoted scalars, block scalars (`|`, `|-`, `>`) and a handful of
tags (!Test, !Result, !Solution, !SolutionSet, !Range, !!set, !Approx, ...).
This module parses exactly that, with the Python standard library only, so the
conformance gate needs no external package.  Anything else raises YamlError,
which the runner turns into an "unparsed header" count for that one test.
"""

import re


class YamlError(Exception):
    """The header uses a construct this subset parser does not know."""


class Tagged:
    """A node carrying a tag this module does not interpret itself
    (!Test, !Result, !Solution, !SolutionSet, !Error, !FlatZinc, ...)."""

    def __init__(self, tag, value):
        self.tag = tag
        self.value = value

    def __repr__(self):
        return "Tagged(%s, %r)" % (self.tag, self.value)


class Approx:
    """!Approx x: a float compared with a relative tolerance."""

    def __init__(self, value):
        self.value = float(value)

    def __repr__(self):
        return "Approx(%r)" % self.value


class Trim:
    """!Trim s: a string compared after stripping surrounding white space."""

    def __init__(self, value):
        self.value = str(value)

    def __repr__(self):
        return "Trim(%r)" % self.value


class Unordered:
    """!Unordered [..]: a sequence compared as a multiset."""

    def __init__(self, items):
        self.items = list(items)

    def __repr__(self):
        return "Unordered(%r)" % self.items


class EnumValue:
    """!ConstrEnum {constructor, argument} or !AnonEnum {enumName, value}."""

    def __init__(self, kind, fields):
        self.kind = kind
        self.fields = fields

    def __repr__(self):
        return "EnumValue(%s, %r)" % (self.kind, self.fields)


# Tags whose node is kept as Tagged for the runner to interpret.
STRUCTURAL_TAGS = {"!Test", "!Result", "!Solution", "!SolutionSet", "!Error",
                   "!FlatZinc", "!FlatZincJSON", "!OutputModel", "!Suite"}
CONSTR_ENUM_TAGS = {"!ConstrEnum", "!!python/object:minizinc.types.ConstrEnum"}
ANON_ENUM_TAGS = {"!AnonEnum", "!!python/object:minizinc.types.AnonEnum"}

_INT_RE = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
_FLOAT_RE = re.compile(r"^[-+]?([0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)([eE][-+]?[0-9]+)?$")
_RANGE_RE = re.compile(r"^\s*(-?[0-9]+)\s*\.\.\s*(-?[0-9]+)\s*$")


def header_text(source):
    """The YAML text of a model's header, or None when the model has none.
    The header is the first `/*** ... ***/` comment, at the start of the file."""
    stripped = source.lstrip()
    if not stripped.startswith("/***"):
        return None
    end = stripped.find("***/")
    if end < 0:
        raise YamlError("header comment not closed")
    return stripped[4:end]


def split_documents(text):
    """The documents of a YAML stream separated by `---` lines, each as a list of lines.
    A `--- !Test` line starts a document whose first line is `!Test`."""
    documents = [[]]
    for line in text.split("\n"):
        if line == "---" or line.startswith("--- "):
            documents.append([])
            rest = line[3:].strip()
            if rest:
                documents[-1].append(rest)
        else:
            documents[-1].append(line)
    return [doc for doc in documents if any(_content(l) for l in doc)]


def parse_document(lines):
    """Parse one document (a list of lines) into Python values and tagged nodes."""
    parser = _BlockParser(lines)
    value = parser.parse_node(-1, allow_same_indent_seq=False)
    parser.skip_blank()
    if parser.pos < len(parser.lines):
        raise YamlError("unexpected content at line %d: %r"
                        % (parser.pos + 1, parser.lines[parser.pos][1]))
    return value


def _strip_comment(text):
    """Remove a `#` comment that is outside quotes and preceded by white space."""
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            if i == 0 or text[i - 1] in " \t[{,:-":
                quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def _content(line):
    return _strip_comment(line).strip()


def _indent_of(line):
    return len(line) - len(line.lstrip(" "))


def _split_key(text):
    """Split `key: rest` into (key, rest); None when text is not a mapping entry."""
    if not text or text[0] in "[{!&*|>'\"" and not (text[0] in "'\"" and _quoted_key(text)):
        return None
    if text[0] in "'\"":
        end = _quoted_key(text)
        key = _parse_scalar_text(text[:end])
        rest = text[end:]
        if not rest.startswith(":"):
            return None
        return key, rest[1:].strip()
    match = re.match(r"^([^:#\[\]{},]+?|[^ ]*?):( |$)", text)
    if not match:
        return None
    return match.group(1).strip(), text[match.end():].strip()


def _quoted_key(text):
    """The end index of a leading quoted scalar if it is followed by `:`, else 0."""
    quote = text[0]
    i = 1
    while i < len(text):
        if text[i] == quote:
            if quote == "'" and i + 1 < len(text) and text[i + 1] == "'":
                i += 2
                continue
            if text[i + 1:i + 2] == ":":
                return i + 1
            return 0
        if quote == '"' and text[i] == "\\":
            i += 1
        i += 1
    return 0


class _BlockParser:
    """Recursive descent over indented lines."""

    def __init__(self, lines):
        # (indent, raw text) per line; raw text keeps block scalar content intact.
        self.lines = [(_indent_of(l), l) for l in lines]
        self.pos = 0

    def skip_blank(self):
        while self.pos < len(self.lines) and not _content(self.lines[self.pos][1]):
            self.pos += 1

    def peek(self):
        self.skip_blank()
        if self.pos >= len(self.lines):
            return None
        indent, raw = self.lines[self.pos]
        return indent, _content(raw)

    def parse_node(self, parent_indent, allow_same_indent_seq):
        """The block node on the next lines, indented more than parent_indent
        (or a sequence at the same indent when allow_same_indent_seq); None if empty."""
        head = self.peek()
        if head is None:
            return None
        indent, text = head
        is_seq = text == "-" or text.startswith("- ")
        if indent <= parent_indent and not (allow_same_indent_seq and is_seq
                                            and indent == parent_indent):
            return None
        if is_seq:
            return self.parse_sequence(indent)
        if _split_key(text) is not None:
            return self.parse_mapping(indent)
        self.pos += 1
        return self.parse_inline(text, indent, parent_indent)

    def parse_sequence(self, indent):
        items = []
        while True:
            head = self.peek()
            if head is None or head[0] != indent:
                break
            text = head[1]
            if not (text == "-" or text.startswith("- ")):
                break
            rest = text[1:].strip()
            if not rest:
                self.pos += 1
                items.append(self.parse_node(indent, allow_same_indent_seq=False))
                continue
            # "- rest": treat rest as a line of its own at the column where it starts.
            column = indent + (len(text) - len(text[1:].lstrip()))
            self.lines[self.pos] = (column, " " * column + rest)
            items.append(self.parse_node(indent, allow_same_indent_seq=False))
        return items

    def parse_mapping(self, indent):
        mapping = {}
        while True:
            head = self.peek()
            if head is None or head[0] != indent:
                break
            entry = _split_key(head[1])
            if entry is None:
                if head[1] == "-" or head[1].startswith("- "):
                    break
                raise YamlError("expected `key: value`, got %r" % head[1])
            key, rest = entry
            self.pos += 1
            # A repeated key replaces the earlier value, as PyYAML (the
            # reference harness's loader) does.
            if rest:
                mapping[key] = self.parse_inline(rest, indent, indent)
            else:
                mapping[key] = self.parse_node(indent, allow_same_indent_seq=True)
        return mapping

    def parse_inline(self, text, indent, parent_indent):
        """A value written after `key:` or `- ` (already consumed); it may open a
        block scalar or, with a lone tag, a nested block node."""
        tag = None
        if text.startswith("!"):
            match = re.match(r"^(![^ \[\]{},]*)( +|$)", text)
            tag, text = match.group(1), text[match.end():]
        if text in ("|", "|-", "|+", ">", ">-", ">+"):
            value = self.block_scalar(text, parent_indent)
        elif text == "":
            value = self.parse_node(parent_indent, allow_same_indent_seq=True)
        else:
            flow = _FlowParser(text)
            value = flow.parse_value()
            flow.expect_end()
            if tag is None:
                return value
            return _apply_tag(tag, value)
        return value if tag is None else _apply_tag(tag, value)

    def block_scalar(self, indicator, parent_indent):
        lines = []
        while self.pos < len(self.lines):
            indent, raw = self.lines[self.pos]
            if raw.strip() and indent <= parent_indent:
                break
            lines.append(raw)
            self.pos += 1
        content_indent = min((_indent_of(l) for l in lines if l.strip()), default=0)
        body = [l[content_indent:] if l.strip() else "" for l in lines]
        while body and body[-1] == "":
            body.pop()
        if indicator.startswith(">"):
            text = " ".join(body)
        else:
            text = "\n".join(body)
        if indicator.endswith("-") or not body:
            return text
        return text + "\n"


class _FlowParser:
    """Flow values on one line: [..], {..}, quoted and plain scalars, tags."""

    def __init__(self, text):
        self.text = text
        self.pos = 0

    def skip_space(self):
        while self.pos < len(self.text) and self.text[self.pos] in " \t":
            self.pos += 1

    def expect_end(self):
        self.skip_space()
        if self.pos != len(self.text):
            raise YamlError("trailing text %r" % self.text[self.pos:])

    def parse_value(self, in_flow=False):
        self.skip_space()
        if self.pos >= len(self.text):
            return None
        ch = self.text[self.pos]
        if ch == "!":
            match = re.compile(r"![^ \[\]{},]*").match(self.text, self.pos)
            tag = match.group(0)
            self.pos = match.end()
            self.skip_space()
            return _apply_tag(tag, self.parse_value(in_flow))
        if ch == "[":
            return self.parse_flow_sequence()
        if ch == "{":
            return self.parse_flow_mapping()
        if ch in "'\"":
            return self.parse_quoted()
        if ch in "&*":
            raise YamlError("anchors and aliases are not supported")
        return _resolve_plain(self.parse_plain_text(in_flow))

    def parse_plain_text(self, in_flow):
        start = self.pos
        stops = ",]}" if in_flow else ""
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch in stops:
                break
            if in_flow and ch == ":" and self.text[self.pos + 1:self.pos + 2] in (" ", ""):
                break
            self.pos += 1
        return self.text[start:self.pos].strip()

    def parse_quoted(self):
        quote = self.text[self.pos]
        self.pos += 1
        out = []
        escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "/": "/", "r": "\r", "0": "\0"}
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == quote:
                if quote == "'" and self.text[self.pos + 1:self.pos + 2] == "'":
                    out.append("'")
                    self.pos += 2
                    continue
                self.pos += 1
                return "".join(out)
            if quote == '"' and ch == "\\":
                nxt = self.text[self.pos + 1:self.pos + 2]
                if nxt not in escapes:
                    raise YamlError("unsupported escape \\%s" % nxt)
                out.append(escapes[nxt])
                self.pos += 2
                continue
            out.append(ch)
            self.pos += 1
        raise YamlError("unterminated quoted scalar")

    def parse_flow_sequence(self):
        self.pos += 1
        items = []
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                raise YamlError("unterminated flow sequence")
            if self.text[self.pos] == "]":
                self.pos += 1
                return items
            items.append(self.parse_value(in_flow=True))
            self.skip_space()
            if self.pos < len(self.text) and self.text[self.pos] == ",":
                self.pos += 1

    def parse_flow_mapping(self):
        """{a: 1, b} -- keys without values map to None (the form of !!set {1, 4})."""
        self.pos += 1
        mapping = {}
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                raise YamlError("unterminated flow mapping")
            if self.text[self.pos] == "}":
                self.pos += 1
                return mapping
            key = self.parse_value(in_flow=True)
            self.skip_space()
            value = None
            if self.text[self.pos:self.pos + 1] == ":":
                self.pos += 1
                value = self.parse_value(in_flow=True)
                self.skip_space()
            if isinstance(key, (list, dict)):
                raise YamlError("complex mapping keys are not supported")
            mapping[key] = value
            if self.text[self.pos:self.pos + 1] == ",":
                self.pos += 1


def _resolve_plain(text):
    """YAML 1.1 core resolution of a plain scalar, as PyYAML does for these headers."""
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if _INT_RE.match(text):
        return int(text)
    if _FLOAT_RE.match(text) and "." in text:
        return float(text)
    if text in (".inf", "+.inf", "-.inf", ".nan"):
        return float(text.replace(".", ""))
    return text


def _parse_scalar_text(text):
    flow = _FlowParser(text)
    value = flow.parse_value()
    flow.expect_end()
    return value


def _apply_tag(tag, value):
    """Interpret a tag on an already parsed value."""
    if tag in STRUCTURAL_TAGS:
        return Tagged(tag, value)
    if tag == "!Range":
        match = _RANGE_RE.match(str(value))
        if not match:
            raise YamlError("bad !Range %r" % (value,))
        low, high = int(match.group(1)), int(match.group(2))
        return frozenset(range(low, high + 1))
    if tag == "!!set":
        if not isinstance(value, dict):
            raise YamlError("!!set needs a mapping")
        return frozenset(value.keys())
    if tag == "!Approx":
        return Approx(value)
    if tag == "!Trim":
        return Trim(value if value is not None else "")
    if tag == "!Unordered":
        if not isinstance(value, list):
            raise YamlError("!Unordered needs a sequence")
        return Unordered(value)
    if tag in CONSTR_ENUM_TAGS:
        return EnumValue("constructor", value)
    if tag in ANON_ENUM_TAGS:
        return EnumValue("anonymous", value)
    if tag in ("!!str",):
        return str(value)
    if tag in ("!!int",):
        return int(value)
    raise YamlError("unknown tag %s" % tag)
