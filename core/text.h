// Small text helpers for reading what people type: commands, names, files.
// ASCII only on purpose: identifiers and commands are ASCII, and other bytes
// pass through unchanged.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace meeple {

inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace meeple
