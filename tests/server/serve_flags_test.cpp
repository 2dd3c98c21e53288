// `meeple serve --help` documents every limit, and a bad duration is
// refused before the server starts (the real binary, as crash_test.cpp).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

namespace meeple::test {
namespace {

const std::string kMeeple = MEEPLE_BINARY_DIR "/cli/meeple";

// Runs `args` through the shell; answers exit status and combined output.
std::pair<int, std::string> run(const std::string& args) {
  std::string out;
  FILE* p = popen((kMeeple + " " + args + " 2>&1").c_str(), "r");
  if (!p) return {-1, ""};
  std::array<char, 4096> buf{};
  while (fgets(buf.data(), static_cast<int>(buf.size()), p)) out += buf.data();
  const int rc = pclose(p);
  return {WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, out};
}

TEST(ServeFlags, HelpDocumentsEveryLimit) {
  if (!std::filesystem::exists(kMeeple)) GTEST_SKIP() << "no binary at " << kMeeple;
  auto [rc, out] = run("serve --help");
  EXPECT_EQ(rc, 0);
  for (const char* flag :
       {"--max-tables-per-minute", "--max-live-tables", "--max-actions-per-minute",
        "--expire-finished", "--expire-idle", "--export-logs", "--bot-threads", "--hint-threads",
        "--max-waiting-hints"})
    EXPECT_NE(out.find(flag), std::string::npos) << flag << " missing from:\n" << out;
}

TEST(ServeFlags, ABadDurationOrExportDirectoryIsRefused) {
  if (!std::filesystem::exists(kMeeple)) GTEST_SKIP() << "no binary at " << kMeeple;
  auto [rc, out] = run("serve --port 0 --db /nonexistent-dir/x.db --expire-idle 5x");
  EXPECT_NE(rc, 0);
  EXPECT_NE(out.find("'5x' is not a duration"), std::string::npos) << out;
  const std::string db =
      (std::filesystem::temp_directory_path() / "meeple_serve_flags_test.db").string();
  std::tie(rc, out) = run("serve --port 0 --db " + db + " --export-logs /nonexistent-dir");
  EXPECT_NE(rc, 0);
  EXPECT_NE(out.find("not a directory"), std::string::npos) << out;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

}  // namespace
}  // namespace meeple::test
