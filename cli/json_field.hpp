// "key": value in one call, for the JSON objects the commands write.
#pragma once
#include <string_view>

#include "support/json_writer.hpp"

namespace prune::cli {

template <typename T>
void json_field(support::JsonWriter& json, std::string_view key, const T& value) {
    json.key(key);
    json.value(value);
}

}  // namespace prune::cli
