// PRUNE_HOT_STEP: a step of a hot loop written as a function for the reader, not for
// the machine: the compiler is told to inline it (GCC and Clang; elsewhere a hint).
// A call each costs about 1% of a sudoku run in alldifferent_small's propagate();
// the learning trail's steps per removed value (learning_search.cpp) run hundreds of
// times per domain change on wide domains.
#pragma once

#if defined(__GNUC__)
#define PRUNE_HOT_STEP [[gnu::always_inline]] inline
#else
#define PRUNE_HOT_STEP inline
#endif
