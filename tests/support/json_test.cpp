// The JSON writer and reader used by --json and by check.
#include "catch.hpp"
#include "support/json_reader.hpp"
#include "support/json_writer.hpp"

using namespace prune::support;

TEST_CASE("JSON written by JsonWriter reads back", "[support]") {
    JsonWriter json;
    json.begin_object();
    json.key("kind");
    json.value("se\"ki\n");
    json.key("count");
    json.value(std::uint64_t{42});
    json.key("unique");
    json.value(true);
    json.key("grid");
    json.begin_array();
    json.begin_array();
    json.value(1);
    json.value(-2);
    json.end_array();
    json.begin_array();
    json.end_array();
    json.end_array();
    json.key("seconds");
    json.value(0.25);
    json.key("none");
    json.null();
    json.end_object();
    CHECK(json.text() == "{\"kind\":\"se\\\"ki\\n\",\"count\":42,\"unique\":true,\"grid\":[[1,-2],[]],\"seconds\":0.25,\"none\":null}");

    std::string error;
    std::size_t offset = 0;
    const auto value = parse_json(json.text(), error, offset);
    REQUIRE(value);
    CHECK(value->find("kind")->string == "se\"ki\n");
    CHECK(value->find("count")->number == 42);
    CHECK(value->find("unique")->boolean);
    CHECK(value->find("grid")->items.at(0).items.at(1).number == -2);
    CHECK(value->find("grid")->items.at(1).items.empty());
    CHECK(value->find("none")->type == JsonValue::Type::null);
    CHECK(value->find("missing") == nullptr);
}

TEST_CASE("bad JSON is refused with the offset", "[support]") {
    std::string error;
    std::size_t offset = 0;
    CHECK_FALSE(parse_json("{\"a\": 1,}", error, offset));
    CHECK(offset == 8);
    CHECK_FALSE(parse_json("[1, 2", error, offset));
    CHECK_FALSE(parse_json("{\"a\": tru}", error, offset));
    CHECK_FALSE(parse_json("\"unterminated", error, offset));
    CHECK_FALSE(parse_json("{} {}", error, offset));
    CHECK_FALSE(parse_json(std::string(100000, '['), error, offset));  // too deep, no stack overflow
    CHECK(error.find("deep") != std::string::npos);
}
