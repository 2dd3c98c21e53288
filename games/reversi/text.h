// The Reversi board as terminal text: files a..h across, ranks 1..8 down
// (a1 top-left), discs ● black and ○ white (or X and O in ASCII), '*' on the
// mover's legal squares, the last placed disc in [brackets], then the counts
// and whose turn it is.
#pragma once

#include <string>

#include "games/reversi/reversi.h"

namespace meeple::reversi {

std::string board_text(const ReversiState& s, bool unicode);

}  // namespace meeple::reversi
