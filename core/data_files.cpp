#include "core/data_files.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#ifndef MEEPLE_DATA_DIR
#define MEEPLE_DATA_DIR "data"
#endif

namespace meeple {

std::string data_dir() {
  if (const char* env = std::getenv("MEEPLE_DATA_DIR"); env && *env) return env;
  return MEEPLE_DATA_DIR;
}

Result<std::string> read_data_file(const std::string& relative_path) {
  const std::string path = data_dir() + "/" + relative_path;
  std::ifstream in(path, std::ios::binary);
  if (!in) return not_found("cannot open data file " + path + " (set MEEPLE_DATA_DIR?)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace meeple
