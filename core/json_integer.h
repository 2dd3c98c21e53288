// Whole numbers that arrive in JSON from outside (actions, requests, seat
// settings). nlohmann's get<int>() converts whatever it is given: true
// becomes 1, 2.5 becomes 2 and 4294967299 wraps to 3, so a field checked
// only with is_number_integer() can still smuggle in a wrong value. Every
// such field goes through here.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

namespace meeple {

// The value if `v` is a JSON integer (not a boolean, not a fraction, not a
// string) within [lo, hi]; otherwise nothing.
inline std::optional<int64_t> json_integer(const nlohmann::json& v, int64_t lo, int64_t hi) {
  if (v.is_number_unsigned()) {
    const uint64_t x = v.get<uint64_t>();
    if (hi < 0 || x > static_cast<uint64_t>(hi) || (lo > 0 && x < static_cast<uint64_t>(lo)))
      return std::nullopt;
    return static_cast<int64_t>(x);
  }
  if (!v.is_number_integer()) return std::nullopt;
  const int64_t x = v.get<int64_t>();
  if (x < lo || x > hi) return std::nullopt;
  return x;
}

}  // namespace meeple
