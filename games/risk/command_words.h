// Reading a typed command, for both editions' text protocols: the words of
// the line and the numbers among them. Each edition keeps its own verbs
// (decode.cpp, risk_2008_state.cpp): the classic edition also reads
// upper-case words and connecting words ("attack alaska to kamchatka with
// 3 dice"), the 2008 edition only the plain forms, and both syntaxes are
// part of what players and saved scripts type.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace meeple::risk {

// The words of `line`, split at white space.
std::vector<std::string> command_words(const std::string& line);

// Is `word` a count typed in a command: 1 to `max_digits` ASCII digits (so
// std::stoi cannot overflow)?
bool is_command_number(const std::string& word, std::size_t max_digits);

}  // namespace meeple::risk
