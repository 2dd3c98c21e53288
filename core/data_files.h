// Locating and reading the games' data files (maps, decks, score tables).
//
// Data lives in the repository's data/<game>/ folder. A user with the printed
// game can correct a value there without touching code; MEEPLE_DATA_DIR
// points meeple at another copy of that folder (an installed binary, or a
// user's corrected files).
#pragma once

#include <string>

#include "core/status.h"

namespace meeple {

// The data folder in use: $MEEPLE_DATA_DIR if set, else the source tree's data/.
std::string data_dir();
// Reads data_dir()/relative_path; not_found names the full path tried.
Result<std::string> read_data_file(const std::string& relative_path);

// read_data_file's text through `decode` (text -> Result<T>); a decoding
// error is a data_loss naming the file's full path, then the fault.
template <typename T, typename Decode>
Result<T> decode_data_file(const std::string& relative_path, Decode decode) {
  Result<std::string> text = read_data_file(relative_path);
  if (!text) return text.status();
  Result<T> decoded = decode(*text);
  if (!decoded)
    return data_loss(data_dir() + "/" + relative_path + ": " + decoded.status().message());
  return decoded;
}

}  // namespace meeple
