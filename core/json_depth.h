// How deeply JSON from outside may nest. nlohmann's parser takes "[[[[..."
// a million levels deep without trouble, but copying, comparing and printing
// a value recurse once per level, so such a value exhausts the stack later,
// far from where it came in (`meeple replay` of such a log crashed). Every
// entry point measures the text first and refuses it by name, before any
// tree exists. No document meeple reads (states, logs, actions, requests,
// arena files) nests beyond about ten.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "core/status.h"

namespace meeple {

inline constexpr int kMaxJsonDepth = 64;

// The nesting of arrays and objects in `text` goes beyond `limit` (a
// linear scan that skips strings; it does not validate the text).
bool json_text_deeper_than(std::string_view text, int limit = kMaxJsonDepth);

// Parses text from outside: invalid_argument "<subject> is nested deeper
// than N levels of arrays and objects" (checked first, so no deep tree is
// ever built) or "<subject> is not valid JSON".
Result<nlohmann::json> parse_json_text(std::string_view text, std::string_view subject,
                                       int limit = kMaxJsonDepth);

// `v` nests arrays and objects at most `limit` deep (stops at the limit,
// so it is safe on any value).
bool json_depth_at_most(const nlohmann::json& v, int limit);

}  // namespace meeple
