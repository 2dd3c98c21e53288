#include "core/json_reader.h"

#include <fmt/format.h>

#include "core/json_integer.h"

namespace meeple {

namespace {
// A value as the message shows it: short enough for one line. ASCII only
// (\u escapes), so cutting it cannot split a UTF-8 sequence: the message is
// sent inside JSON, whose serialiser throws on invalid UTF-8 (found by
// fuzzing state_from_json_king_is_dead).
std::string shown(const nlohmann::json& v) {
  std::string s = v.dump(-1, ' ', /*ensure_ascii=*/true, nlohmann::json::error_handler_t::replace);
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}
}  // namespace

void JsonReader::fail(const std::string& path, const std::string& expected, const json* got) {
  if (!ok()) return;
  const std::string where = path.empty() ? document_ : document_ + " " + path;
  if (got == nullptr)
    status_ = invalid_argument(fmt::format("{}: {}", where, expected));
  else if (got->is_null())
    status_ = invalid_argument(fmt::format("{}: expected {}, but it is missing", where, expected));
  else
    status_ =
        invalid_argument(fmt::format("{}: expected {}, got {}", where, expected, shown(*got)));
}

bool JsonReader::object(const json& v, const std::string& path,
                        std::initializer_list<std::string_view> required,
                        std::initializer_list<std::string_view> optional) {
  if (!ok()) return false;
  if (!v.is_object()) {
    fail(path, "an object", &v);
    return false;
  }
  for (auto name : required) {
    if (!v.contains(name)) {
      fail(path + "/" + std::string(name), "a field (it is missing)");
      return false;
    }
  }
  for (const auto& [k, value] : v.items()) {
    bool known = false;
    for (auto name : required) known = known || k == name;
    for (auto name : optional) known = known || k == name;
    if (!known) {
      fail(path + "/" + k, "no such field (unknown fields are rejected)");
      return false;
    }
  }
  return true;
}

const nlohmann::json& JsonReader::at(const json& obj, std::string_view key) const {
  static const json kNull;
  // Still the real field after a failure: callers index into arrays they
  // have checked, and a later field's failure must not pull them away.
  if (!obj.is_object()) return kNull;
  auto it = obj.find(key);
  return it == obj.end() ? kNull : *it;
}

bool JsonReader::array(const json& v, const std::string& path, size_t size) {
  if (!ok()) return false;
  if (!v.is_array() || v.size() != size) {
    fail(path, fmt::format("an array of {} entries", size), &v);
    return false;
  }
  return true;
}

int64_t JsonReader::integer(const json& v, const std::string& path, int64_t lo, int64_t hi,
                            std::string_view meaning) {
  if (!ok()) return lo;
  if (auto x = json_integer(v, lo, hi)) return *x;
  fail(path, fmt::format("{} {}..{}", meaning, lo, hi), &v);
  return lo;
}

uint64_t JsonReader::mask(const json& v, const std::string& path, uint64_t allowed_bits,
                          std::string_view meaning) {
  if (!ok()) return 0;
  if (v.is_number_unsigned() || (v.is_number_integer() && v.get<int64_t>() >= 0)) {
    const uint64_t m = v.get<uint64_t>();
    if ((m & ~allowed_bits) == 0) return m;
  }
  fail(path,
       fmt::format("{} (an unsigned integer using only the bits of {})", meaning, allowed_bits),
       &v);
  return 0;
}

bool JsonReader::boolean(const json& v, const std::string& path) {
  if (!ok()) return false;
  if (v.is_boolean()) return v.get<bool>();
  fail(path, "true or false", &v);
  return false;
}

std::string JsonReader::string(const json& v, const std::string& path) {
  if (!ok()) return "";
  if (v.is_string()) return v.get<std::string>();
  fail(path, "a string", &v);
  return "";
}

}  // namespace meeple
