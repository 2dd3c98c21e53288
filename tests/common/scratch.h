// A test process's own scratch folder under the system's temporary folder,
// named for the process so that tests run in parallel never share a file.
// It is removed when the process ends with every test passed; a failed
// run leaves it for inspection. Without this, every ctest process (one a
// test case) left its folder behind: hundreds a run.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace meeple::test {

inline const std::filesystem::path& scratch_dir(const std::string& prefix) {
  struct Scratch {
    std::filesystem::path dir;
    ~Scratch() {
      if (!::testing::UnitTest::GetInstance()->Passed()) return;
      std::error_code ignored;  // nothing to do about it at exit
      std::filesystem::remove_all(dir, ignored);
    }
  };
  static Scratch scratch{std::filesystem::temp_directory_path() /
                         (prefix + std::to_string(::getpid()))};
  std::filesystem::create_directories(scratch.dir);
  return scratch.dir;
}

}  // namespace meeple::test
