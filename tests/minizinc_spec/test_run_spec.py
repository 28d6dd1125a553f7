#!/usr/bin/env python3
"""Self-test of the spec conformance gate: its YAML subset parser, the matching
rules and the comparison with Gecode, on hand-written headers and outputs.
Needs neither MiniZinc nor ../shared.  Run: python3 tests/minizinc_spec/test_run_spec.py"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_spec  # noqa: E402
import spec_yaml  # noqa: E402
from spec_yaml import Tagged  # noqa: E402

HEADER = """/***
!Test
solvers: [gecode, chuffed]   # a comment
options:
  all_solutions: true
  -D: "n = 3"
expected:
- !Result
  status: ALL_SOLUTIONS
  solution: !SolutionSet
  - !Solution
    x: [!!set {1, 4}, !Range 2..3]
    e: A
    objective: 7
  - !Solution
    x:
    - !!set {}
    - !Range '1..2'
    e: B
    n: null
- !Result
  status: UNSATISFIABLE
--- !Test
expected: !Result
  solution: !Solution
    _output_item: !Trim |
      a = 1
      b = 2

    f: [!Approx 0.5, 1.0]
    u: !Unordered [1, 2, 2]
    s: 'it''s'
    t: "a\\nb"
    c: !ConstrEnum
      constructor: F
      argument: A
---
!Test
expected: !Result
  solution: !Solution:
    y: 1
***/
var int: x;
"""


def parse(text):
    return [spec_yaml.parse_document(d) for d in
            spec_yaml.split_documents(spec_yaml.header_text(text))[:2]]


class YamlSubsetTest(unittest.TestCase):
    def test_documents_tags_and_scalars(self):
        first, second = parse(HEADER)
        self.assertEqual(first.tag, "!Test")
        test = first.value
        self.assertEqual(test["solvers"], ["gecode", "chuffed"])
        self.assertEqual(test["options"], {"all_solutions": True, "-D": "n = 3"})
        results = test["expected"]
        self.assertEqual([r.tag for r in results], ["!Result", "!Result"])
        solutions = results[0].value["solution"]
        self.assertEqual(solutions.tag, "!SolutionSet")
        self.assertEqual(solutions.value[0].value["x"], [frozenset({1, 4}), frozenset({2, 3})])
        self.assertEqual(solutions.value[1].value["x"], [frozenset(), frozenset({1, 2})])
        self.assertIsNone(solutions.value[1].value["n"])
        self.assertEqual(results[1].value, {"status": "UNSATISFIABLE"})
        fields = second.value["expected"].value["solution"].value
        self.assertEqual(fields["_output_item"].value, "a = 1\nb = 2\n")
        self.assertEqual(fields["f"][0].value, 0.5)
        self.assertEqual(fields["f"][1], 1.0)
        self.assertEqual(fields["u"].items, [1, 2, 2])
        self.assertEqual(fields["s"], "it's")
        self.assertEqual(fields["t"], "a\nb")
        self.assertEqual(fields["c"].fields, {"constructor": "F", "argument": "A"})

    def test_unknown_tag_is_an_error_for_that_document_only(self):
        documents = spec_yaml.split_documents(spec_yaml.header_text(HEADER))
        self.assertEqual(len(documents), 3)
        with self.assertRaises(spec_yaml.YamlError):
            spec_yaml.parse_document(documents[2])

    def test_model_without_header(self):
        self.assertIsNone(spec_yaml.header_text("include \"x.mzn\";\n"))

    def test_nested_block_sequences(self):
        doc = spec_yaml.parse_document(["a:", "- - 1", "  - 2", "- - 3", "b: |-", "  x", "  y"])
        self.assertEqual(doc, {"a": [[1, 2], [3]], "b": "x\ny"})


def outcome(status, solutions):
    result = run_spec.Outcome()
    result.status = status
    result.solutions = solutions
    return result


def outcome_error(message):
    result = outcome("ERROR", [])
    result.error = message
    return result


class MatchingTest(unittest.TestCase):
    def setUp(self):
        self.test = parse(HEADER)[0].value
        self.results = [r.value for r in self.test["expected"]]

    def matches(self, out, all_solutions=True):
        return any(run_spec.result_matches(r, out, all_solutions) for r in self.results)

    def test_json_sets_enums_and_objective(self):
        both = [{"x": [{"set": [1, 4]}, {"set": [[2, 3]]}], "e": {"e": "A"}, "_objective": 7},
                {"x": [{"set": []}, {"set": [[1, 2]]}], "e": {"e": "B"}, "n": None}]
        self.assertTrue(self.matches(outcome("ALL_SOLUTIONS", both)))
        # The same set of solutions is required: one missing fails, as does a wrong value.
        self.assertFalse(self.matches(outcome("ALL_SOLUTIONS", both[:1])))
        wrong = [dict(both[0], _objective=8), both[1]]
        self.assertFalse(self.matches(outcome("ALL_SOLUTIONS", wrong)))
        self.assertFalse(self.matches(outcome("SATISFIED", both)))
        self.assertTrue(self.matches(outcome("UNSATISFIABLE", [])))
        self.assertFalse(self.matches(outcome("ERROR", [])))

    def test_satisfied_accepts_a_complete_run(self):
        result = {"status": "SATISFIED", "solution": Tagged("!Solution", {"x": 1})}
        self.assertTrue(run_spec.result_matches(result, outcome("ALL_SOLUTIONS", [{"x": 1}]), False))
        self.assertFalse(run_spec.result_matches(result, outcome("SATISFIED", [{"x": 2}]), False))
        self.assertFalse(run_spec.result_matches({"status": "OPTIMAL_SOLUTION"},
                                                 outcome("SATISFIED", [{"x": 1}]), False))

    def test_trim_approx_unordered_and_bool_strictness(self):
        fields = parse(HEADER)[1].value["expected"].value["solution"]
        got = {"_output": "a = 1\nb = 2", "f": [0.5000000001, 1.0], "u": [2, 1, 2],
               "s": "it's", "t": "a\nb", "c": {"c": "F", "e": {"e": "A"}}}
        self.assertTrue(run_spec.solution_matches(fields, got))
        self.assertFalse(run_spec.solution_matches(fields, dict(got, u=[1, 1, 2])))
        self.assertFalse(run_spec.values_equal(True, 1))
        self.assertFalse(run_spec.values_equal(1, True))


class StreamTest(unittest.TestCase):
    def test_solutions_status_and_sticky_errors(self):
        stream = "\n".join([
            '{"type": "solution", "output": {"default": "x=1\\n", "json": {"x": 1, "_objective": 3}}}',
            '{"type": "status", "status": "OPTIMAL_SOLUTION"}'])
        out = run_spec.parse_stream(stream)
        self.assertEqual((out.status, out.solutions, out.objective()),
                         ("OPTIMAL_SOLUTION", [{"x": 1, "_objective": 3, "_output": "x=1\n"}], 3))
        # solns2out failing on the solver's output is an error even if a status follows.
        failed = run_spec.parse_stream(
            '{"type": "error", "what": "evaluation error", "message": "cannot evaluate"}\n'
            '{"type": "status", "status": "ALL_SOLUTIONS"}')
        self.assertEqual(failed.status, "ERROR")
        self.assertEqual(run_spec.parse_stream("").status, "UNKNOWN")


class SolutionCheckTest(unittest.TestCase):
    """prune's solution, given to Gecode as data, where it differs from the header's."""

    def test_assigned_names(self):
        text = ("array[1..2] of set of int: a :: add_to_output = [{1}, {2}];\n"
                "int: n;\nn = 3;\nvar int: cost :: add_to_output;\n"
                "constraint cost == n;\n% b = 1\n/* c = 2; */ var int: c;\n")
        self.assertEqual(run_spec.assigned_names(text, ["a", "n", "cost", "b", "c"]), {"a", "n"})

    def test_a_refused_assignment_is_checked_again_without_it(self):
        # The model assigns `a`; giving it again makes MiniZinc refuse the data file.
        calls = []

        class Runner:
            args = type("Args", (), {"gecode": "gecode.msc"})

            def __init__(self, verdict, a=(1, 2), refused="a"):
                self.verdict, self.a, self.refused = verdict, list(a), refused

            def solve(self, test, solver, extra_data=(), all_solutions=None):
                with open(extra_data[0], encoding="utf-8") as f:
                    keys = sorted(json.load(f))
                calls.append(keys)
                if self.refused in keys:
                    return outcome_error("type error: multiple assignment to the same variable")
                return outcome(self.verdict, [{"a": self.a, "s": 2}] if self.verdict == "SATISFIED" else [])

        with tempfile.TemporaryDirectory() as workdir:
            model = os.path.join(workdir, "m.mzn")
            with open(model, "w", encoding="utf-8") as f:
                f.write("array[1..2] of int: a :: add_to_output = [1, 2];\nvar 1..2: s :: add_to_output;\n")
            test = type("T", (), {"model": model, "data_files": []})
            solution = {"a": [1, 2], "s": 2, "_objective": 0}
            self.assertTrue(run_spec.verify_solution(Runner("SATISFIED"), test, solution))
            self.assertEqual(calls, [["a", "s"], ["s"]])
            self.assertFalse(run_spec.verify_solution(Runner("UNSATISFIABLE"), test, solution))
            # The model computes `a` otherwise than prune printed it: not accepted.
            self.assertFalse(run_spec.verify_solution(Runner("SATISFIED", a=(2, 1)), test, solution))
            # A refusal the model's texts do not explain: no second run, no verdict.
            calls.clear()
            self.assertIsNone(run_spec.verify_solution(Runner("SATISFIED", refused="s"), test, {"s": 2}))
            self.assertEqual(len(calls), 1)


class GecodeComparisonTest(unittest.TestCase):
    def test_counts_optimum_status_and_time_outs(self):
        compare = run_spec.compare_with_gecode
        two, three = [{"x": 1}, {"x": 2}], [{"x": 1}, {"x": 2}, {"x": 2}]
        self.assertEqual(compare(outcome("ALL_SOLUTIONS", two), outcome("ALL_SOLUTIONS", two), True), [])
        self.assertTrue(compare(outcome("ALL_SOLUTIONS", three), outcome("ALL_SOLUTIONS", two), True))
        self.assertTrue(compare(outcome("OPTIMAL_SOLUTION", [{"_objective": 3}]),
                                outcome("OPTIMAL_SOLUTION", [{"_objective": 4}]), False))
        self.assertTrue(compare(outcome("SATISFIED", two), outcome("UNSATISFIABLE", []), False))
        self.assertTrue(compare(outcome("UNKNOWN", []), outcome("SATISFIED", two), False))
        self.assertTrue(compare(outcome("UNSATISFIABLE", []), outcome("SATISFIED", two), False))
        # Gecode without an answer leaves nothing to compare.
        self.assertEqual(compare(outcome("UNKNOWN", []), outcome("UNKNOWN", []), False), [])
        self.assertEqual(compare(outcome("SATISFIED", two), outcome("ERROR", []), False), [])


class GateTest(unittest.TestCase):
    def test_missing_spec_directory_is_a_skip(self):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run_spec.py")
        with tempfile.TemporaryDirectory() as empty:
            run = subprocess.run([sys.executable, script, "--spec", os.path.join(empty, "none")],
                                 stdout=subprocess.PIPE, universal_newlines=True)
        self.assertEqual(run.returncode, run_spec.SKIP_EXIT)
        self.assertIn("SKIP:", run.stdout)

    @unittest.skipIf(shutil.which("minizinc") is None, "minizinc not installed")
    def test_configured_but_unbuilt_solver_is_an_error(self):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run_spec.py")
        with tempfile.TemporaryDirectory() as build:
            with open(os.path.join(build, "prune.msc"), "w") as f:
                f.write('{"executable": "%s/flatzinc/fzn-prune"}' % build)
            run = subprocess.run([sys.executable, script, "--build", build, "--spec", build],
                                 stdout=subprocess.PIPE, universal_newlines=True)
        self.assertEqual(run.returncode, 2)
        self.assertIn("build fzn-prune", run.stdout)

    def test_allow_list_entries_need_a_reason(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("# comment\nunit/a.mzn#2  header is wrong: expects 3, the model has 2\n"
                    "unit/b.mzn\n")
        try:
            entries, errors = run_spec.read_allow_list(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(entries, {"unit/a.mzn#2": "header is wrong: expects 3, the model has 2"})
        self.assertEqual(len(errors), 1)

    def test_skip_categories(self):
        headers = {
            "err.mzn": "/***\n!Test\nexpected: !Error\n  type: TypeError\n***/\n",
            "mip.mzn": "/***\n!Test\nsolvers: [cbc, highs]\nexpected: !Result\n  status: SATISFIED\n***/\n",
            "mpc.mzn": "/***\n!Test\nextra_files: [p.mpc]\nexpected: !Result\n  status: SATISFIED\n***/\n",
            "run.mzn": "/***\n!Test\noptions:\n  all_solutions: true\n  -G: std\n  keep-paths: true\n"
                       "expected: !Result\n  status: ALL_SOLUTIONS\n***/\n",
        }
        with tempfile.TemporaryDirectory() as spec:
            for name, text in headers.items():
                with open(os.path.join(spec, name), "w") as f:
                    f.write(text + "var 1..2: x;\n")
            with open(os.path.join(spec, "p.mpc"), "w") as f:
                f.write('{"backend-flags": {"-node": 1}}')
            tests = {t.id: t for t in run_spec.collect_tests(spec, None)}
        self.assertEqual(tests["err.mzn"].skip, "expects an error")
        self.assertEqual(tests["mip.mzn"].skip, "solver-specific (MIP solvers only)")
        self.assertTrue(tests["mpc.mzn"].skip.startswith("solver-specific option"))
        run = tests["run.mzn"]
        self.assertIsNone(run.skip)
        self.assertTrue(run.all_solutions)
        self.assertEqual(run.flags, ["-G", "std", "--keep-paths"])

    def test_failure_causes(self):
        cause = run_spec.failure_cause
        self.assertEqual(cause("x.fzn:1:1: error: float variables are not supported by prune"),
                         "float variables (prune refuses)")
        self.assertEqual(cause("Error: syntax error, unexpected identifier"),
                         "newer MiniZinc syntax (syntax error)")


if __name__ == "__main__":
    unittest.main()
