// Outside bytes made safe to quote and to send as JSON.
//
// Paths, queries and header values arrive as any bytes (a URL may carry
// %ff, a raw 0xFF or a NUL). nlohmann::json throws (type_error 316) when it
// dumps a string that is not UTF-8, so every error message that quotes
// input goes through printable(), and every JSON answer through
// dump_json(), which replaces what is not UTF-8 instead of throwing.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace meeple::server {

// `raw` as valid UTF-8 for a message: control characters and bytes that
// are not UTF-8 become \xNN, and text longer than `max_bytes` is cut with
// "...". Never throws.
std::string printable(std::string_view raw, size_t max_bytes = 80);

// JSON text of `j`; strings that are not UTF-8 get U+FFFD instead of an
// exception.
std::string dump_json(const nlohmann::json& j);

}  // namespace meeple::server
