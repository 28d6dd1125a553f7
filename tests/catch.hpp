// Includes Catch2 v3 or v2, whichever the build found.
#pragma once
#if defined(PRUNE_CATCH2_V3)
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#else
#include <catch2/catch.hpp>
#endif
