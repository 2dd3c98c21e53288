// The main of a fuzz target in a build without libFuzzer (GCC, ASan+UBSan:
// the test build). It runs LLVMFuzzerTestOneInput once on every file named
// or found in a named folder, in sorted order, so ctest replays each
// target's regression inputs and seed corpus on every run without the
// second, clang-built tree that real fuzzing needs (fuzz/run.sh).
//
//   fuzz_<target> PATH...     exit 0 if every input ran, 1 if a path is bad
//
// A crash, a sanitizer report or a broken FUZZ_CHECK ends the process as it
// would under libFuzzer, after the input's name is printed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

// The files to run: each path that is a file, and each regular file inside
// a path that is a folder (not recursive; sorted, so runs are repeatable).
bool collect(const std::filesystem::path& path, std::vector<std::filesystem::path>& out) {
  std::error_code error;
  if (std::filesystem::is_regular_file(path, error)) {
    out.push_back(path);
    return true;
  }
  if (!std::filesystem::is_directory(path, error)) {
    std::fprintf(stderr, "replay: %s is neither a file nor a folder\n", path.c_str());
    return false;
  }
  std::vector<std::filesystem::path> inside;
  for (const auto& entry : std::filesystem::directory_iterator(path, error))
    if (entry.is_regular_file(error)) inside.push_back(entry.path());
  std::sort(inside.begin(), inside.end());
  out.insert(out.end(), inside.begin(), inside.end());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  bool paths_ok = true;
  for (int i = 1; i < argc; ++i) paths_ok = collect(argv[i], files) && paths_ok;
  if (argc < 2) std::fprintf(stderr, "usage: %s FILE_OR_FOLDER...\n", argv[0]);
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!in.good() && !in.eof()) {
      std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
      paths_ok = false;
      continue;
    }
    // Printed first so a crash's report follows the input's name.
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", file.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replay: %zu inputs run\n", files.size());
  return paths_ok && argc >= 2 ? 0 : 1;
}
