// A player's chosen name, as it arrives from outside (create, join, the
// seat's settings): shown to every viewer, so it must be plain, short text.
#pragma once

#include <string>

#include "core/game.h"

namespace meeple::server {

// The longest name, in bytes of UTF-8 (about 24 characters of any script).
inline constexpr size_t kMaxNameBytes = 48;

// `v` as a name: a JSON string of valid UTF-8 without control characters,
// trimmed of spaces at both ends, at most kMaxNameBytes; "" (no name) is
// allowed. Errors name `field` and what was expected.
Result<std::string> player_name(const json& v, const std::string& field);

}  // namespace meeple::server
