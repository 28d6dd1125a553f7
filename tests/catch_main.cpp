// Catch2 v2 needs one translation unit that provides main(); v3 links Catch2WithMain.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
