#!/usr/bin/env python3
"""prune from Python through ctypes and libprune.so, no package needed.

    queens_ctypes.py PATH/libprune.so

Counts the n-queens solutions for n = 1..9 and compares them with the known
counts, prints one 8-queens solution after checking it, and checks that an
invalid call comes back as an error code with a message. Exit 0 when all agree.
"""
import ctypes
import sys

KNOWN_COUNTS = [1, 0, 0, 2, 10, 4, 40, 92, 352]  # OEIS A000170, n = 1..9
OK, UNSATISFIABLE, ERROR_ARGUMENT = 0, 1, 2
NE = 1
SOLUTION, EXHAUSTED = 0, 1


def load(path):
    lib = ctypes.CDLL(path)
    lib.prune_solver_new.restype = ctypes.c_void_p
    lib.prune_solver_free.argtypes = [ctypes.c_void_p]
    lib.prune_solver_error.restype = ctypes.c_char_p
    lib.prune_solver_error.argtypes = [ctypes.c_void_p]
    lib.prune_int_var.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32, ctypes.c_char_p]
    lib.prune_int_var.restype = ctypes.c_int32
    lib.prune_compare.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int, ctypes.c_int32, ctypes.c_int32]
    lib.prune_compare.restype = ctypes.c_int
    lib.prune_search_new.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.prune_search_new.restype = ctypes.c_void_p
    lib.prune_search_free.argtypes = [ctypes.c_void_p]
    lib.prune_search_next.argtypes = [ctypes.c_void_p]
    lib.prune_search_next.restype = ctypes.c_int
    lib.prune_search_count.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint64)]
    lib.prune_search_count.restype = ctypes.c_int
    lib.prune_value.argtypes = [ctypes.c_void_p, ctypes.c_int32]
    lib.prune_value.restype = ctypes.c_int32
    lib.prune_version.restype = ctypes.c_char_p
    return lib


def queens_model(lib, n):
    solver = lib.prune_solver_new()
    q = [lib.prune_int_var(solver, 0, n - 1, f"q{i}".encode()) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            for offset in (0, j - i, i - j):  # q[i] != q[j] + offset
                status = lib.prune_compare(solver, q[i], NE, q[j], offset)
                assert status in (OK, UNSATISFIABLE), status
    return solver, q


def count(lib, n):
    solver, _ = queens_model(lib, n)
    search = lib.prune_search_new(solver, None)
    solutions = ctypes.c_uint64(0)
    result = lib.prune_search_count(search, ctypes.byref(solutions))
    lib.prune_search_free(search)
    lib.prune_solver_free(solver)
    assert result == EXHAUSTED, result
    return solutions.value


def one_solution(lib, n):
    solver, q = queens_model(lib, n)
    search = lib.prune_search_new(solver, None)
    assert lib.prune_search_next(search) == SOLUTION
    rows = [lib.prune_value(solver, v) for v in q]
    lib.prune_search_free(search)
    lib.prune_solver_free(solver)
    for i in range(n):
        for j in range(i + 1, n):
            assert rows[i] != rows[j] and abs(rows[i] - rows[j]) != j - i, rows
    return rows


def invalid_call_is_reported(lib):
    solver = lib.prune_solver_new()
    x = lib.prune_int_var(solver, 0, 3, b"x")
    status = lib.prune_compare(solver, x, NE, 42, 0)  # 42 is no variable
    message = lib.prune_solver_error(solver).decode()
    lib.prune_solver_free(solver)
    assert status == ERROR_ARGUMENT, status
    assert "variable" in message, message


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    lib = load(sys.argv[1])
    counts = [count(lib, n) for n in range(1, len(KNOWN_COUNTS) + 1)]
    print("prune", lib.prune_version().decode(), "n-queens counts:", counts)
    if counts != KNOWN_COUNTS:
        print("expected", KNOWN_COUNTS, file=sys.stderr)
        return 1
    print("8-queens:", one_solution(lib, 8))
    invalid_call_is_reported(lib)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
