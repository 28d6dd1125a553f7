unsat
