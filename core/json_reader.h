// Reading a document from outside (a saved state, a log) field by field,
// exactly: integers through json_integer (no true, 2.5 or 2^40 in disguise),
// booleans only as true/false, bit masks only within their allowed bits,
// arrays of the stated length, objects without unknown fields. The first
// problem is kept as a Status naming the field by a JSON-pointer path and
// saying what was expected ("risk state /move/0: expected a territory
// -1..41, got 5000"); after it every read is a no-op that returns a harmless
// default, so a loader reads straight through and checks ok() once.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/status.h"

namespace meeple {

class JsonReader {
 public:
  using json = nlohmann::json;
  // `document` names what is read, for the messages ("risk state").
  explicit JsonReader(std::string document) : document_(std::move(document)) {}

  bool ok() const { return status_.is_ok(); }
  const Status& status() const { return status_; }
  // Records a problem (only the first is kept). `got` may be null.
  void fail(const std::string& path, const std::string& expected, const json* got = nullptr);

  // `v` is an object with every field of `required`, any of `optional`, and
  // nothing else.
  bool object(const json& v, const std::string& path,
              std::initializer_list<std::string_view> required,
              std::initializer_list<std::string_view> optional = {});
  // obj[key], or null when the field is missing.
  const json& at(const json& obj, std::string_view key) const;
  // `v` is an array of exactly `size` elements.
  bool array(const json& v, const std::string& path, size_t size);
  int64_t integer(const json& v, const std::string& path, int64_t lo, int64_t hi,
                  std::string_view meaning = "an integer");
  uint64_t mask(const json& v, const std::string& path, uint64_t allowed_bits,
                std::string_view meaning = "a bit mask");
  bool boolean(const json& v, const std::string& path);
  std::string string(const json& v, const std::string& path);

 private:
  std::string document_;
  Status status_;
};

}  // namespace meeple
