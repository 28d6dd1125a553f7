#!/usr/bin/env python3
"""Conformance gate: MiniZinc's own spec tests through `minizinc --solver prune`.

Every model of ../shared/data/minizinc-spec/ whose YAML header asks for a solve
result is compiled for prune with the installed MiniZinc, run through prune
(with the header's options, 10 s each) and checked against the header's
expected results and against Gecode 6.2 (../shared/tools/peers/gecode62.msc)
run the same way.  Disagreements are prune bugs unless listed, with the reason,
in allow-list.txt.  See README.md in this directory for the matching rules.

Exit codes: 0 no unlisted disagreement, 1 unlisted disagreements (or a broken
allow-list), 2 usage error, 77 prerequisites missing (the spec directory, the
`minizinc` executable or the build's prune.msc): ctest counts it as skipped.

Python 3 standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec_yaml  # noqa: E402  (next to this script)
from spec_yaml import Approx, EnumValue, Tagged, Trim, Unordered  # noqa: E402

SKIP_EXIT = 77
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(REPO), "shared")

COMPLETE = {"ALL_SOLUTIONS", "OPTIMAL_SOLUTION", "UNSATISFIABLE", "UNBOUNDED",
            "UNSAT_OR_UNBOUNDED"}
OUTPUT_FLAGS = ["--json-stream", "--output-mode", "json", "--output-objective",
                "--output-output-item"]

# Header options that are MiniZinc driver flags, passed through as the reference
# harness (minizinc-python) does: `key: true` -> --key, `key: value` -> --key value,
# keys starting with '-' are used as written.  Other keys are solver-specific.
DRIVER_OPTIONS = {"all_solutions", "-G", "-D", "-Werror", "keep-paths", "debug",
                  "only-sections", "not-sections", "no-half-reifications",
                  "no-chain-compression", "-O0", "-O1", "-O2", "-O3"}
# Solvers of a header that are constraint programming solvers like prune; a test
# restricted to others (cbc, highs, ...) checks a MIP-specific behaviour.
CP_SOLVERS = {"gecode", "chuffed"}

# Compile (or run-time refusal) failures, classified by cause: first match wins.
FAILURE_CAUSES = [
    ("float variables (prune refuses)", r"float variables are not supported"),
    ("set variables (prune refuses)", r"set variables are not supported"),
    ("MiniZinc 2.6.4 internal error or crash", r"Assertion .* failed|internal error|"
                                               r"segmentation fault|Memory violation"),
    ("compilation timed out", r"^compilation timed out"),
    ("library file missing in MiniZinc 2.6.4", r"include error"),
    ("JSON data of a newer MiniZinc", r"JSON parsing error"),
    ("option of a newer MiniZinc", r"Unrecognized option"),
    ("newer MiniZinc syntax (syntax error)", r"syntax error"),
    ("floats in the model", r"\bfloat\b"),
    ("sets in the model", r"\bset of\b|\bset\b"),
    ("unsupported global or builtin", r"no function or predicate with|undefined identifier|"
                                      r"undefined function|not supported"),
    ("type error (newer MiniZinc features)", r"type error|type-inst|cannot determine"),
    ("evaluation error (MiniZinc 2.6.4 semantics)", r"evaluation error|assertion|assert|"
                                                    r"undefined|flattening error"),
]


# ---------------------------------------------------------------------------
# Test collection


class SpecTest:
    """One !Test document of one model's header."""

    def __init__(self, rel_path, index, count, spec_dir):
        self.rel_path = rel_path
        self.index = index            # 1-based among the header's documents
        self.count = count
        self.model = os.path.join(spec_dir, rel_path)
        self.header = None            # the !Test mapping
        self.skip = None              # skip category, when not run
        self.results = []             # the expected !Result mappings
        self.all_solutions = False
        self.flags = []               # options as command-line flags
        self.data_files = []

    @property
    def id(self):
        return self.rel_path if self.count == 1 else "%s#%d" % (self.rel_path, self.index)


def collect_tests(spec_dir, only):
    tests = []
    for root, _, files in os.walk(spec_dir):
        for name in files:
            if not name.endswith(".mzn") or name.endswith(".mzc.mzn"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, spec_dir)
            tests.extend(tests_of_model(spec_dir, rel))
    tests.sort(key=lambda t: (t.rel_path, t.index))
    if only:
        pattern = re.compile(only)
        tests = [t for t in tests if pattern.search(t.id)]
    return tests


def tests_of_model(spec_dir, rel):
    with open(os.path.join(spec_dir, rel), encoding="utf-8", errors="replace") as f:
        source = f.read()
    try:
        text = spec_yaml.header_text(source)
    except spec_yaml.YamlError:
        text = ""
    if text is None:
        return []    # included files and data, not tests
    documents = spec_yaml.split_documents(text) or [[]]
    tests = []
    for index, lines in enumerate(documents, 1):
        test = SpecTest(rel, index, len(documents), spec_dir)
        try:
            node = spec_yaml.parse_document(lines)
        except (spec_yaml.YamlError, ValueError, AttributeError) as error:
            test.skip = "unparsed header (%s)" % error
        else:
            if isinstance(node, Tagged) and node.tag == "!Test" and isinstance(node.value, dict):
                test.header = node.value
                classify_test(test)
            else:
                test.skip = "unparsed header (not a !Test document)"
        tests.append(test)
    return tests


def classify_test(test):
    """Set test.skip when the test is not a solve test prune can be held to."""
    header = test.header
    if header.get("type", "solve") != "solve":
        test.skip = "test type '%s' (compile/output/core check)" % header.get("type")
        return
    expected = header.get("expected", [])
    expected = expected if isinstance(expected, list) else [expected]
    tags = [e.tag if isinstance(e, Tagged) else type(e).__name__ for e in expected]
    test.results = [e.value or {} for e in expected if isinstance(e, Tagged) and e.tag == "!Result"]
    if any(not isinstance(r, dict) for r in test.results):
        # PyYAML (the reference harness) silently turns such a !Result into one that
        # accepts anything; here it is a header that does not say what it expects.
        test.skip = "unparsed header (!Result is not a mapping)"
        return
    if not test.results:
        if "!Error" in tags:
            test.skip = "expects an error"
        elif tags:
            test.skip = "expects FlatZinc/output model (%s)" % tags[0]
        else:
            test.skip = "no expected result"
        return
    extra = header.get("extra_files") or []
    if any(".mzc" in str(f) for f in extra) or any(
            "_checker" in solution_keys(r) for r in test.results):
        test.skip = "solution checker"
        return
    if any(str(f).endswith(".mpc") and param_file_sets_solver(test.model, f) for f in extra):
        test.skip = "solver-specific option (parameter file with backend flags)"
        return
    solvers = header.get("solvers")
    if isinstance(solvers, list) and not CP_SOLVERS & {str(s) for s in solvers}:
        test.skip = "solver-specific (MIP solvers only)"
        return
    options = header.get("options") or {}
    for key, value in options.items():
        if key not in DRIVER_OPTIONS or (key == "-G" and value != "std"):
            test.skip = "solver-specific option (%s)" % key
            return
        if key == "all_solutions":
            test.all_solutions = bool(value)
        elif value is True:
            test.flags.append(key if key.startswith("-") else "--" + key)
        elif value is not False and value is not None:
            test.flags += [key if key.startswith("-") else "--" + key, str(value)]
    test.data_files = [os.path.join(os.path.dirname(test.model), str(f)) for f in extra]


def param_file_sets_solver(model, name):
    """A .mpc parameter file naming a solver or passing flags to it (Gecode's `-node`)."""
    try:
        with open(os.path.join(os.path.dirname(model), str(name)), encoding="utf-8") as f:
            params = json.load(f)
    except (OSError, ValueError):
        return False
    return isinstance(params, dict) and bool({"backend-flags", "solver"} & set(params))


def solution_keys(result):
    solution = result.get("solution") if isinstance(result, dict) else None
    nodes = solution.value if isinstance(solution, Tagged) else solution
    nodes = nodes if isinstance(nodes, list) else [nodes]
    keys = set()
    for node in nodes:
        if isinstance(node, Tagged) and isinstance(node.value, dict):
            keys |= set(node.value)
    return keys


# ---------------------------------------------------------------------------
# Running MiniZinc


class Outcome:
    """What one minizinc run produced."""

    def __init__(self):
        self.status = "UNKNOWN"
        self.solutions = []
        self.error = ""
        self.stderr = ""
        self.seconds = 0.0
        self.command = []

    def objective(self):
        for solution in reversed(self.solutions):
            if "_objective" in solution:
                return solution["_objective"]
        return None

    def summary(self):
        text = "%s, %d solution%s" % (self.status, len(self.solutions),
                                      "" if len(self.solutions) == 1 else "s")
        if self.objective() is not None:
            text += ", objective %s" % self.objective()
        if self.error:
            text += " (%s)" % one_line(self.error)
        return text


def one_line(text, limit=200):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "..."


def run_command(command, env, cwd, hard_timeout):
    """Run command in its own process group; (returncode or None on time-out, stdout, stderr)."""
    process = subprocess.Popen(command, env=env, cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = process.communicate(timeout=hard_timeout)
        return process.returncode, out.decode(errors="replace"), err.decode(errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        return None, out.decode(errors="replace"), err.decode(errors="replace")


class Runner:
    def __init__(self, args):
        self.args = args
        self.env = dict(os.environ)
        path = self.env.get("MZN_SOLVER_PATH")
        self.env["MZN_SOLVER_PATH"] = args.build + (os.pathsep + path if path else "")

    def solver_flags(self, solver, solving=True):
        """--solver, and for prune's solving runs --prune-flags."""
        extra = self.args.prune_flags.split() if solving and solver == "prune" else []
        return ["--solver", solver] + extra

    def compile(self, test, solver, workdir):
        command = (["minizinc"] + self.solver_flags(solver, solving=False) + ["-c", "--fzn",
                   os.path.join(workdir, "model.fzn"), "--ozn", os.path.join(workdir, "model.ozn")]
                   + test.flags + [test.model] + test.data_files)
        code, out, err = run_command(command, self.env, os.path.dirname(test.model),
                                     self.args.timeout * 6)
        if code is None:
            return "compilation timed out"
        if code != 0:
            return (err + out).strip() or "minizinc -c exited with %d" % code
        return None

    def solve(self, test, solver, extra_data=(), all_solutions=None):
        all_solutions = test.all_solutions if all_solutions is None else all_solutions
        command = (["minizinc"] + self.solver_flags(solver) + OUTPUT_FLAGS
                   + ["--time-limit", str(int(self.args.timeout * 1000))]
                   + (["-a"] if all_solutions else []) + test.flags
                   + [test.model] + test.data_files + list(extra_data))
        started = time.monotonic()
        code, out, err = run_command(command, self.env, os.path.dirname(test.model),
                                     self.args.timeout + 20)
        outcome = parse_stream(out)
        outcome.seconds = time.monotonic() - started
        outcome.stderr = err
        outcome.command = command
        if code is None:
            outcome.status = "TIMEOUT" if not outcome.solutions else "SATISFIED"
            outcome.error = outcome.error or "killed after %d s" % (self.args.timeout + 20)
        elif code != 0 and outcome.status in ("UNKNOWN", "SATISFIED") and not outcome.solutions:
            outcome.status = "ERROR"
        if outcome.status == "ERROR" and not outcome.error:
            outcome.error = err.strip() or "minizinc exited with %s" % code
        return outcome


def parse_stream(text):
    """Solutions, status and error of `minizinc --json-stream --output-mode json`."""
    outcome = Outcome()
    status = None
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            message = json.loads(line)
        except ValueError:
            continue
        kind = message.get("type")
        if kind == "solution":
            output = message.get("output", {})
            solution = output.get("json")
            if isinstance(solution, str):
                try:
                    solution = json.loads(solution)
                except ValueError:
                    solution = {}
            solution = dict(solution or {})
            if "_output" not in solution and "default" in output:
                solution["_output"] = output["default"]
            outcome.solutions.append(solution)
        elif kind == "status":
            # An error (e.g. solns2out failing on the solver's output) stays the outcome.
            if status != "ERROR":
                status = message.get("status")
        elif kind == "error":
            status = "ERROR"
            outcome.error = "%s: %s" % (message.get("what", "error"), message.get("message", ""))
    outcome.status = status or ("SATISFIED" if outcome.solutions else "UNKNOWN")
    return outcome


def failure_cause(message):
    """The cause of a compile failure.  The float/set keywords are looked for in the
    message's first line only: MiniZinc lists every candidate overload after it."""
    first_line = message.strip().split("\n")[0]
    for cause, pattern in FAILURE_CAUSES:
        text = first_line if cause.endswith("in the model") else message
        if re.search(pattern, text, re.IGNORECASE):
            return cause
    return "other"


def runtime_refusal(outcome):
    """fzn-prune's documented refusal of float and set variables at run time.  Any
    other run-time error (an unsupported constraint that prune's own library let
    through, a crash) is a disagreement, not a skip."""
    text = outcome.stderr + "\n" + outcome.error
    for cause, pattern in FAILURE_CAUSES[:2]:
        if re.search(pattern, text, re.IGNORECASE):
            return cause
    return None


# ---------------------------------------------------------------------------
# Matching


def values_equal(expected, got):
    """The header value `expected` against a value of MiniZinc's JSON output."""
    if isinstance(got, dict) and set(got) == {"e"} and not isinstance(expected, EnumValue):
        got = got["e"]                       # an enum value: {"e": "A"}
    if isinstance(got, dict) and "set" in got and isinstance(expected, frozenset):
        return set_of(got["set"]) == set(expected)
    if expected is None:
        return got is None
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(expected, bool) and isinstance(got, bool) and expected == got
    if isinstance(expected, Approx):
        return isinstance(got, (int, float)) and abs(got - expected.value) <= max(
            1e-6 * abs(expected.value), 1e-12)
    if isinstance(expected, Trim):
        return isinstance(got, str) and got.strip() == expected.value.strip()
    if isinstance(expected, (int, float)):
        return isinstance(got, (int, float)) and got == expected
    if isinstance(expected, str):
        return isinstance(got, str) and got == expected
    if isinstance(expected, frozenset):
        return False
    if isinstance(expected, Unordered):
        return isinstance(got, list) and perfect_matching(expected.items, got, values_equal)
    if isinstance(expected, list):
        return (isinstance(got, list) and len(got) == len(expected)
                and all(values_equal(e, g) for e, g in zip(expected, got)))
    if isinstance(expected, EnumValue):
        return enum_value_equal(expected, got)
    if isinstance(expected, dict):
        return (isinstance(got, dict) and set(got) == set(expected)
                and all(values_equal(v, got[k]) for k, v in expected.items()))
    return False


def enum_value_equal(expected, got):
    fields = expected.fields if isinstance(expected.fields, dict) else {}
    if not isinstance(got, dict):
        return False
    if expected.kind == "constructor":
        return got.get("c") == fields.get("constructor") and values_equal(
            fields.get("argument"), got.get("e"))
    return got.get("e") == fields.get("enumName") and got.get("i") == fields.get("value")


def set_of(elements):
    """{"set": [[1,3], 5, {"e": "A"}]} -> {1, 2, 3, 5, "A"}."""
    members = set()
    for element in elements:
        if isinstance(element, list) and len(element) == 2 and all(
                isinstance(x, int) for x in element):
            members.update(range(element[0], element[1] + 1))
        elif isinstance(element, dict) and "e" in element:
            members.add(element["e"])
        else:
            members.add(element)
    return members


def perfect_matching(expected_items, got_items, equal):
    """Each got item matched to a distinct expected item (and as many of each)."""
    if len(expected_items) != len(got_items):
        return False
    free = list(range(len(expected_items)))

    def assign(i, used):
        if i == len(got_items):
            return True
        for j in free:
            if j not in used and equal(expected_items[j], got_items[i]):
                if assign(i + 1, used | {j}):
                    return True
        return False
    return assign(0, frozenset())


OUTPUT_KEYS = {"objective": "_objective", "_output_item": "_output"}


def solution_matches(expected, got):
    """A !Solution: each of its keys present in the obtained solution, equal."""
    fields = expected.value if isinstance(expected, Tagged) else expected
    if not isinstance(fields, dict):
        return fields is None
    for key, value in fields.items():
        name = OUTPUT_KEYS.get(key, key)
        if name not in got or not values_equal(value, got[name]):
            return False
    return True


def status_matches(expected, actual):
    if expected == actual:
        return True
    # A complete run is also a satisfied one: prune may prove a satisfaction
    # problem's only solution where the header was written from a solver that stops.
    return expected == "SATISFIED" and actual in ("ALL_SOLUTIONS", "OPTIMAL_SOLUTION")


def result_matches(result, outcome, all_solutions):
    """The reference harness's Result.check, with the rules documented in README.md."""
    status = result.get("status")
    solution = result.get("solution")
    if outcome.status in ("ERROR", "TIMEOUT"):
        return False
    if status is not None and not status_matches(status, outcome.status):
        return False
    if solution is None or (isinstance(solution, Tagged) and not solution.value
                            and solution.tag == "!Solution"):
        return status is not None or outcome.status != "UNKNOWN" or solution is not None
    got = outcome.solutions
    if not got:
        return False
    if isinstance(solution, Tagged) and solution.tag == "!SolutionSet":
        items = list(solution.value or [])
        if all_solutions:
            return (all(any(solution_matches(i, g) for i in items) for g in got)
                    and all(any(solution_matches(i, g) for g in got) for i in items))
        return any(solution_matches(i, got[-1]) for i in items)
    if isinstance(solution, list):
        if all_solutions:
            return perfect_matching(solution, got, solution_matches)
        return any(solution_matches(i, got[-1]) for i in solution)
    if all_solutions:
        return any(solution_matches(solution, g) for g in got)
    return solution_matches(solution, got[-1])


def describe_expected(test):
    parts = []
    for result in test.results:
        text = result.get("status") or "any status"
        solution = result.get("solution")
        if isinstance(solution, Tagged) and solution.tag == "!SolutionSet":
            text += ", solution set of %d" % len(solution.value or [])
        elif isinstance(solution, list):
            text += ", %d solutions in order" % len(solution)
        elif isinstance(solution, Tagged) and solution.value:
            text += ", solution %s" % one_line(show_fields(solution.value), 300)
        parts.append(text)
    return " | ".join(parts)


def show_fields(fields):
    def show(v):
        if isinstance(v, frozenset):
            return "{%s}" % ",".join(str(x) for x in sorted(v, key=str))
        if isinstance(v, list):
            return "[%s]" % ",".join(show(x) for x in v)
        if isinstance(v, (Approx, Trim)):
            return repr(v.value)
        return repr(v) if isinstance(v, str) else str(v)
    return ", ".join("%s=%s" % (k, show(v)) for k, v in fields.items())


def compare_with_gecode(prune, gecode, all_solutions):
    """Problems found comparing prune's run with Gecode's; [] when they agree
    or when Gecode gave no answer to compare with."""
    if gecode.status in ("ERROR", "TIMEOUT", "UNKNOWN"):
        return []
    problems = []
    if prune.status in ("UNKNOWN", "TIMEOUT"):
        return ["prune found nothing in the time limit, Gecode: %s" % gecode.summary()]
    if gecode.status in COMPLETE and prune.status in COMPLETE:
        if gecode.status != prune.status:
            problems.append("status %s, Gecode %s" % (prune.status, gecode.status))
        elif gecode.status == "ALL_SOLUTIONS" and len(gecode.solutions) != len(prune.solutions):
            problems.append("%d solutions, Gecode %d" % (len(prune.solutions), len(gecode.solutions)))
        elif gecode.status == "OPTIMAL_SOLUTION" and gecode.objective() != prune.objective():
            problems.append("optimum %s, Gecode %s" % (prune.objective(), gecode.objective()))
    elif gecode.status in COMPLETE:
        if gecode.status == "UNSATISFIABLE":
            problems.append("prune found solutions, Gecode proves UNSATISFIABLE")
        else:
            problems.append("prune did not finish (%s), Gecode %s" % (prune.summary(),
                                                                     gecode.summary()))
    elif prune.status == "UNSATISFIABLE":
        problems.append("prune says UNSATISFIABLE, Gecode found a solution")
    elif all_solutions and prune.status == "ALL_SOLUTIONS" and len(prune.solutions) < len(
            gecode.solutions):
        problems.append("%d solutions, Gecode found %d before its time limit"
                        % (len(prune.solutions), len(gecode.solutions)))
    return problems


# ---------------------------------------------------------------------------
# One test, end to end


class TestResult:
    def __init__(self, test):
        self.test = test
        self.outcome = "skipped"          # skipped | compile-failure | agree | disagree | allowed
        self.category = test.skip
        self.problems = []
        self.notes = []                   # triage hints, shown in the reports
        self.prune = None
        self.gecode = None
        self.compile_command = []
        self.allow_reason = None


def run_test(runner, test):
    """Run one test; a fault of the runner itself is reported as a disagreement."""
    try:
        return run_test_unguarded(runner, test)
    except Exception as error:  # noqa: BLE001 -- one bad test must not stop the gate
        result = TestResult(test)
        result.outcome = "disagree"
        result.problems = ["runner error: %r" % error]
        return result


def run_test_unguarded(runner, test):
    result = TestResult(test)
    if test.skip:
        return result
    with tempfile.TemporaryDirectory(prefix="prune-spec-") as workdir:
        failure = runner.compile(test, "prune", workdir)
    if failure:
        result.outcome = "compile-failure"
        result.category = failure_cause(failure)
        if runner.args.gecode and not result.category.startswith(("float", "set")):
            # A model Gecode's library compiles and prune's does not points at prune's
            # library (mznlib), not at MiniZinc: flagged in its category.
            with tempfile.TemporaryDirectory(prefix="prune-spec-") as workdir:
                if runner.compile(test, runner.args.gecode, workdir) is None:
                    result.category += " [compiles for Gecode]"
        result.problems = [one_line(failure, 300)]
        return result
    result.prune = runner.solve(test, "prune")
    refusal = runtime_refusal(result.prune) if result.prune.status == "ERROR" else None
    if refusal:
        result.outcome = "compile-failure"
        result.category = refusal
        result.problems = [one_line(result.prune.stderr or result.prune.error, 300)]
        return result
    if result.prune.status == "ERROR":
        result.problems.append("prune run failed: %s" % one_line(
            result.prune.error or result.prune.stderr, 300))
    if runner.args.gecode:
        result.gecode = runner.solve(test, runner.args.gecode)
    if result.prune.status != "ERROR" and not any(
            result_matches(r, result.prune, test.all_solutions) for r in test.results):
        check_header_mismatch(runner, test, result)
    if result.gecode:
        result.problems += compare_with_gecode(result.prune, result.gecode, test.all_solutions)
    if result.problems and result.gecode and result.prune.status == "ERROR" \
            and result.gecode.status == "ERROR":
        result.notes.append("Gecode fails too: %s" % one_line(result.gecode.error, 200))
    result.outcome = "disagree" if result.problems else "agree"
    return result


def check_header_mismatch(runner, test, result):
    """prune's answer does not match the header's.  When prune's status is the expected
    one and only the values differ, the header may list some of a model's solutions
    only: prune's solution, given to Gecode as data, is then checked.  A solution Gecode
    accepts is a valid alternative (noted in the report), not a disagreement."""
    prune = result.prune
    status_ok = any(r.get("status") is None or status_matches(r.get("status"), prune.status)
                    for r in test.results)
    if (status_ok and not test.all_solutions and prune.solutions and result.gecode
            and prune.status in ("SATISFIED", "OPTIMAL_SOLUTION", "ALL_SOLUTIONS")):
        verdict = verify_solution(runner, test, prune.solutions[-1])
        if verdict is True:
            result.notes.append("values differ from the header's; Gecode accepts prune's solution")
            return
    problem = "header expects %s; prune: %s" % (describe_expected(test), prune.summary())
    if result.gecode and not any(result_matches(r, result.gecode, test.all_solutions)
                                 for r in test.results):
        problem += " (Gecode fails the header too: %s)" % result.gecode.summary()
    result.problems.append(problem)


def verify_solution(runner, test, solution):
    """True when Gecode finds the model satisfiable with prune's output variables fixed
    to prune's values (a JSON data file), False when not, None when the check cannot be
    made (nothing to fix, or MiniZinc rejects the data).  An output parameter the model
    or its data already assigns (`array[..] of set of int: a :: add_to_output = ...`)
    cannot be given again: MiniZinc refuses the whole file ("multiple assignment"), so
    the check is then made once more without the names assigned in those texts."""
    data = {k: v for k, v in solution.items() if not k.startswith("_")}
    check = check_with_data(runner, test, data)
    assigned = set()
    if check is not None and check.status == "ERROR" and "multiple assignment" in (check.error or ""):
        for path in [test.model] + test.data_files:
            try:
                with open(path, encoding="utf-8") as f:
                    assigned |= assigned_names(f.read(), data)
            except OSError:
                pass
        if not assigned:
            return None
        check = check_with_data(runner, test, {k: v for k, v in data.items() if k not in assigned})
    if check is None:
        return None
    if check.status in ("SATISFIED", "OPTIMAL_SOLUTION", "ALL_SOLUTIONS"):
        # The names left out are the model's to compute: Gecode's values must be prune's.
        gecode = check.solutions[-1] if check.solutions else {}
        return all(gecode.get(k) == data[k] for k in assigned)
    if check.status == "UNSATISFIABLE":
        return False
    return None


def check_with_data(runner, test, data):
    """Gecode's run of the test with `data` as an extra JSON data file (None: no data)."""
    if not data:
        return None
    with tempfile.TemporaryDirectory(prefix="prune-spec-") as workdir:
        path = os.path.join(workdir, "prune_solution.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f)
        return runner.solve(test, runner.args.gecode, extra_data=[path], all_solutions=False)


def assigned_names(text, names):
    """Those of `names` that a MiniZinc text (one file) assigns: a declaration `...:
    name [:: ann] = ...` or an assignment item `name = ...` at the file's start or
    after an item's `;` (comments left out; `==` is no assignment).  A local `let`
    of the same name counts too: its value is then compared after the check."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"%[^\n]*", " ", text)
    assigned = set()
    for name in names:
        n = re.escape(name)
        declared = re.search(r":\s*" + n + r"\s*(::[^=;]*)?=(?!=)", text)
        item = re.search(r"(^|;)\s*" + n + r"\s*=(?!=)", text)
        if declared or item:
            assigned.add(name)
    return assigned


# ---------------------------------------------------------------------------
# Allow-list and reports


def read_allow_list(path):
    """{entry: reason}; entry is `path` (every test of the model) or `path#k`."""
    entries = {}
    if not path or not os.path.exists(path):
        return entries, []
    errors = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 1)
            if len(parts) < 2 or not parts[1].strip():
                errors.append("%s:%d: an allow-list entry needs a reason" % (path, number))
                continue
            entries[parts[0]] = parts[1].strip()
    return entries, errors


def allow_entry(entries, test):
    for key in (test.id, "%s#%d" % (test.rel_path, test.index), test.rel_path):
        if key in entries:
            return key
    return None


def shell_quote(words):
    return " ".join(w if re.match(r"^[-\w./=+,:@]+$", w) else "'%s'" % w.replace("'", "'\\''")
                    for w in words)


def write_report(path, results):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# test\toutcome\tcategory/cause\tprune\tgecode\tprune seconds\tdetail\n")
        for r in results:
            f.write("%s\t%s\t%s\t%s\t%s\t%s\t%s\n" % (
                r.test.id, r.outcome, r.category or "",
                r.prune.summary() if r.prune else "", r.gecode.summary() if r.gecode else "",
                "%.1f" % r.prune.seconds if r.prune else "", "; ".join(r.problems + r.notes)))


def write_disagreements(path, results, build):
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Disagreements of the MiniZinc spec conformance gate "
                "(tests/minizinc_spec/run_spec.py), generated.\n\n")
        for r in results:
            if r.outcome not in ("disagree", "allowed"):
                continue
            f.write("## %s%s\n" % (r.test.id, "  [allow-listed: %s]" % r.allow_reason
                                   if r.outcome == "allowed" else "  [NOT allow-listed]"))
            for problem in r.problems + r.notes:
                f.write("- %s\n" % problem)
            f.write("header expects: %s\n" % describe_expected(r.test))
            f.write("prune:  %s\n" % (r.prune.summary() if r.prune else "not run"))
            f.write("gecode: %s\n" % (r.gecode.summary() if r.gecode else "not run"))
            if r.prune:
                f.write("reproduce:\n  cd %s\n  MZN_SOLVER_PATH=%s %s\n" % (
                    os.path.dirname(r.test.model), build, shell_quote(r.prune.command)))
            if r.gecode:
                f.write("  %s\n" % shell_quote(r.gecode.command))
            f.write("\n")


def print_summary(results, entries, stale, elapsed, gecode):
    def count(outcome):
        return sum(1 for r in results if r.outcome == outcome)

    def by_category(outcome):
        counts = {}
        for r in results:
            if r.outcome == outcome:
                key = re.sub(r" \(.*", "", r.category) if outcome == "skipped" and r.category.startswith(
                    "unparsed") else r.category
                counts[key] = counts.get(key, 0) + 1
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))

    ran = count("agree") + count("disagree") + count("allowed")
    print()
    print("MiniZinc spec conformance (%s, %.0f s)" % (
        "header and Gecode" if gecode else "header only, Gecode not run", elapsed))
    print("  tests found:          %d" % len(results))
    print("  run:                  %d" % ran)
    print("  agreeing:             %d" % count("agree"))
    print("  allow-listed:         %d" % count("allowed"))
    for r in results:
        if r.outcome == "allowed":
            print("      %s: %s" % (r.test.id, r.allow_reason))
    print("  disagreeing:          %d" % count("disagree"))
    print("  skipped:              %d" % count("skipped"))
    for category, n in by_category("skipped"):
        print("      %5d  %s" % (n, category))
    print("  compile failures:     %d" % count("compile-failure"))
    for category, n in by_category("compile-failure"):
        print("      %5d  %s" % (n, category))
    blamed = sum(1 for r in results if r.outcome == "compile-failure"
                 and r.category.endswith("[compiles for Gecode]"))
    print("      (of which Gecode's library compiles: %d%s)" % (
        blamed, "" if gecode else ", not checked without Gecode"))
    print("  stale allow-list entries: %d" % len(stale))
    for key in stale:
        print("      %s  (%s)" % (key, entries[key]))


# ---------------------------------------------------------------------------


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=os.path.join(REPO, "build"),
                        help="prune build directory holding prune.msc (default: %(default)s)")
    parser.add_argument("--spec", default=os.path.join(SHARED, "data", "minizinc-spec"),
                        help="the spec test directory (default: %(default)s)")
    parser.add_argument("--gecode-msc", default=os.path.join(SHARED, "tools", "peers",
                                                             "gecode62.msc"),
                        help="Gecode solver configuration (default: %(default)s)")
    parser.add_argument("--no-gecode", action="store_true",
                        help="check against the headers only")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="tests run in parallel")
    parser.add_argument("--timeout", type=float, default=10, help="seconds per solver run")
    parser.add_argument("--only", help="run only tests whose id matches this regex")
    parser.add_argument("--prune-flags", default="",
                        help="more flags for prune's runs only, one string (e.g. \"--learn\": "
                             "the gate with learning on)")
    parser.add_argument("--report", help="write a per-test table (tab separated) here")
    parser.add_argument("--disagreements", help="write each disagreement with commands here")
    parser.add_argument("--allow", default=os.path.join(HERE, "allow-list.txt"),
                        help="allow-list file (default: %(default)s)")
    args = parser.parse_args(argv)
    args.build = os.path.abspath(args.build)
    return args


def prerequisites(args):
    """A reason to skip the whole gate, or None."""
    if not os.path.isdir(args.spec):
        return "spec directory %s not found (../shared missing?)" % args.spec
    if shutil.which("minizinc") is None:
        return "minizinc not found on PATH"
    if not os.path.exists(os.path.join(args.build, "prune.msc")):
        return "%s/prune.msc not found (build prune first)" % args.build
    return None


def solver_executable_missing(build):
    """prune.msc's executable when it does not exist (prune.msc is written when CMake
    configures, fzn-prune only when it is built): running would blame every test on it."""
    try:
        with open(os.path.join(build, "prune.msc"), encoding="utf-8") as f:
            executable = json.load(f).get("executable", "")
    except (OSError, ValueError) as error:
        return "cannot read %s/prune.msc: %s" % (build, error)
    path = executable if os.path.isabs(executable) else os.path.join(build, executable)
    return None if os.path.exists(path) else "%s does not exist (build fzn-prune)" % path


def main(argv):
    args = parse_args(argv)
    reason = prerequisites(args)
    if reason:
        print("SKIP: MiniZinc spec conformance gate: %s" % reason)
        return SKIP_EXIT
    missing = solver_executable_missing(args.build)
    if missing:
        print("error: %s" % missing)
        return 2
    args.gecode = None
    if not args.no_gecode:
        if os.path.exists(args.gecode_msc) and shutil.which("fzn-gecode"):
            args.gecode = os.path.abspath(args.gecode_msc)
        else:
            print("NOTE: Gecode comparison skipped: %s or fzn-gecode missing" % args.gecode_msc)
    entries, errors = read_allow_list(args.allow)
    for error in errors:
        print(error)
    started = time.monotonic()
    tests = collect_tests(args.spec, args.only)
    runner = Runner(args)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda t: run_test(runner, t), tests))
    used = set()
    for r in results:
        key = allow_entry(entries, r.test)
        if key and r.outcome == "disagree":
            r.outcome, r.allow_reason = "allowed", entries[key]
            used.add(key)
        elif key:
            if r.outcome == "skipped" or r.outcome == "compile-failure":
                used.add(key)    # not checked in this run: not stale
    present = {r.test.id for r in results} | {r.test.rel_path for r in results} | {
        "%s#%d" % (r.test.rel_path, r.test.index) for r in results}
    stale = sorted(k for k in entries if k not in used and (k in present or not args.only))
    for r in results:
        if r.outcome == "disagree":
            print("DISAGREE %s: %s" % (r.test.id, "; ".join(r.problems)))
    if args.report:
        write_report(args.report, results)
    if args.disagreements:
        write_disagreements(args.disagreements, results, args.build)
    print_summary(results, entries, stale, time.monotonic() - started, args.gecode)
    failed = any(r.outcome == "disagree" for r in results) or errors
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
