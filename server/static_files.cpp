#include "server/static_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace meeple::server {

namespace {

std::string content_type(const std::string& ext) {
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".json") return "application/json";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".md" || ext == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

}  // namespace

std::string default_web_root() {
#ifdef MEEPLE_WEB_DIR
  return MEEPLE_WEB_DIR;
#else
  return "web";
#endif
}

std::optional<StaticFile> load_static(const std::string& web_root, const std::string& path) {
  if (path.empty() || path[0] != '/') return std::nullopt;
  if (path.find("..") != std::string::npos || path.find('\\') != std::string::npos ||
      path.find('\0') != std::string::npos)
    return std::nullopt;
  std::string rel = path == "/" ? "/index.html" : path;
  std::filesystem::path file = std::filesystem::path(web_root) / rel.substr(1);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
  if (std::filesystem::file_size(file, ec) > 4 * 1024 * 1024) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return StaticFile{ss.str(), content_type(file.extension().string())};
}

}  // namespace meeple::server
