// Words and numbers of a typed command (command_words.h).
#include "games/risk/command_words.h"

#include <algorithm>
#include <sstream>

namespace meeple::risk {

std::vector<std::string> command_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

bool is_command_number(const std::string& word, std::size_t max_digits) {
  return !word.empty() && word.size() <= max_digits &&
         std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace meeple::risk
