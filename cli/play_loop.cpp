#include "cli/play_loop.h"

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>

#include "ai/hint.h"
#include "core/json_depth.h"
#include "core/text.h"

namespace meeple::cli {

Result<std::vector<SeatConfig>> parse_seats(const std::string& text, int num_seats,
                                            int default_level) {
  std::vector<SeatConfig> seats(static_cast<size_t>(num_seats), SeatConfig{false, default_level});
  if (num_seats > 0) seats[0].human = true;  // default: you against the computer
  if (text.empty()) return seats;
  std::stringstream ss(text);
  std::string item;
  int i = 0;
  while (std::getline(ss, item, ',')) {
    if (i >= num_seats)
      return invalid_argument(
          fmt::format("--seats lists more than the {} seats of this game", num_seats));
    item = trim(item);
    SeatConfig c{false, default_level};
    if (item == "human" || item == "h") {
      c.human = true;
    } else if (item.rfind("computer", 0) == 0 || item.rfind("c", 0) == 0) {
      const auto colon = item.find(':');
      const std::string head = item.substr(0, colon);
      if (head != "computer" && head != "c")
        return invalid_argument("--seats entry '" + item + "': expected human or computer[:LEVEL]");
      if (colon != std::string::npos) {
        try {
          size_t used = 0;
          c.level = std::stoi(item.substr(colon + 1), &used);
          if (used != item.size() - colon - 1) throw std::invalid_argument("trailing");
        } catch (const std::exception&) {
          return invalid_argument("--seats entry '" + item + "': the level must be 0..10");
        }
        if (c.level < kMinLevel || c.level > kMaxLevel)
          return invalid_argument("--seats entry '" + item + "': the level must be 0..10");
      }
    } else {
      return invalid_argument("--seats entry '" + item + "': expected human or computer[:LEVEL]");
    }
    seats[static_cast<size_t>(i++)] = c;
  }
  return seats;
}

PlayLoop::PlayLoop(Match match, PlayConfig config, std::istream& in, std::ostream& out)
    : match_(std::move(match)), config_(std::move(config)), in_(in), out_(out) {
  const int n = match_.game().num_seats();
  config_.seats.resize(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s) {
    const auto& sc = config_.seats[static_cast<size_t>(s)];
    // Each computer seat gets its own seed, derived from the match seed, so
    // bots never draw from the match RNG.
    bots_.push_back(sc.human ? nullptr
                             : std::move(make_bot(match_.game(), sc.level,
                                                  mix64(config_.seed, static_cast<uint64_t>(s) + 1))
                                             .value()));
  }
}

std::string PlayLoop::seat_name(Seat s) const {
  return match_.state().seat_name(s);
}

int PlayLoop::run() {
  while (!match_.state().is_terminal()) {
    const State& s = match_.state();
    if (s.is_chance()) {
      if (config_.manual_chance) {
        if (!manual_chance_turn()) return 1;
      } else {
        // Name the outcome, and what it was for, in the state that rolled it.
        const auto before = s.clone();
        const Action a = match_.sample_chance();
        const std::string what = before->chance_description();
        out_ << "  chance" << (what.empty() || what == "chance" ? "" : " (" + what + ")") << ": "
             << before->action_to_string(a) << "\n";
      }
      continue;
    }
    const Seat seat = s.current_player();
    const auto& sc = config_.seats[static_cast<size_t>(seat)];
    if (!sc.human) {
      computer_turn();
      continue;
    }
    if (config_.auto_answers) {
      const Action a = s.auto_action();
      if (a != kInvalidAction) {
        out_ << fmt::format("{} (auto): {}\n", seat_name(seat), s.action_to_string(a));
        if (auto st = match_.act(a); !st) out_ << "error: " << st.message() << "\n";
        continue;
      }
    }
    if (!human_turn()) return 1;
  }
  print_result();
  after_the_game();
  return 0;
}

void PlayLoop::after_the_game() {
  // A table that played or refereed by hand may want the log of what it
  // just finished; computer-only games end at once.
  bool any_human = config_.manual_chance;
  for (const auto& sc : config_.seats) any_human = any_human || sc.human;
  if (!any_human) return;
  out_ << "'save FILE' writes the match log; 'board' shows the final position; Enter or 'quit' "
          "leaves.\n";
  for (;;) {
    out_ << "game over> " << std::flush;
    std::string line;
    if (!std::getline(in_, line)) return;
    line = trim(line);
    if (line.empty() || line == "quit" || line == "exit") return;
    if (line == "board") {
      out_ << match_.state().to_text(kSpectator) << "\n";
    } else if (line.rfind("save ", 0) == 0) {
      save(std::string(trim(line.substr(5))));
    } else {
      out_ << "the game is over: 'save FILE', 'board' or 'quit'\n";
    }
  }
}

void PlayLoop::save(const std::string& path) {
  std::ofstream f(path);
  f << match_.log_json().dump(2) << "\n";
  f.close();
  out_ << (f ? "saved the match log to " + path : "error: cannot write " + path) << "\n";
}

void PlayLoop::computer_turn() {
  const State& s = match_.state();
  const Seat seat = s.current_player();
  const Action a = bots_[static_cast<size_t>(seat)]->choose(Decision(match_.game(), s));
  out_ << fmt::format("{} (computer) plays {}\n", seat_name(seat), s.action_to_string(a));
  const Status st = match_.act(a);
  assert(st.is_ok());
  (void)st;
}

bool PlayLoop::manual_chance_turn() {
  auto list = [&] {
    const State& s = match_.state();
    const auto outcomes = s.chance_outcomes();
    out_ << fmt::format("Chance — {}: what happened at the table?\n", s.chance_description());
    for (size_t i = 0; i < outcomes.size(); ++i)
      out_ << fmt::format("  {:>3}. {}\n", i + 1, s.action_to_string(outcomes[i].action));
  };
  list();
  for (;;) {
    const State& s = match_.state();
    out_ << "outcome> " << std::flush;
    std::string line;
    if (!std::getline(in_, line)) return false;
    line = trim(line);
    if (line.empty()) continue;
    if (line == "quit" || line == "exit") return false;
    if (line == "help" || line == "?" || line == "moves") {
      out_ << "Type the number of what happened, or its text (e.g. '" +
                  s.action_to_string(s.chance_outcomes().front().action) +
                  "'); several dice at once as '6 6 1'; 'undo' takes back the last move, "
                  "'save FILE' writes the match log, 'board' shows the position, 'quit' stops.\n";
      list();
      continue;
    }
    if (line == "board") {
      out_ << s.to_text(kSpectator) << "\n";
      continue;
    }
    if (line == "undo") {
      undo();
      return true;
    }
    if (line.rfind("save ", 0) == 0) {
      save(std::string(trim(line.substr(5))));
      continue;
    }
    const Status st = enter_outcomes(line);
    if (st) return true;
    out_ << st.message() << "\n";
  }
}

Status PlayLoop::enter_outcomes(const std::string& line) {
  // The whole line as one outcome ("die 5", "card alaska"), or else each
  // word as the outcome of the next chance node ("6 6 1": the attacker's
  // three dice). All or nothing: a word that fits no outcome, or one more
  // than the chance nodes in a row, enters none of them.
  const State& s = match_.state();
  const auto outcomes = s.chance_outcomes();
  if (const auto one = match_outcome(s, outcomes, line)) return match_.supply_chance(*one);
  std::vector<std::string> words;
  std::istringstream ss(line);
  for (std::string w; ss >> w;) words.push_back(w);
  if (words.size() < 2)
    return invalid_argument(
        fmt::format("'{}' is not one of the outcomes: type 1..{} or its text ('help' lists them)",
                    line, outcomes.size()));
  Match probe = match_;
  for (size_t i = 0; i < words.size(); ++i) {
    if (!probe.state().is_chance())
      return invalid_argument(
          fmt::format("'{}': only {} outcome{} were due before a player's turn; nothing entered",
                      line, i, i == 1 ? "" : "s"));
    const auto here = probe.state().chance_outcomes();
    const auto a = match_outcome(probe.state(), here, words[i]);
    if (!a && i == 0) {
      // Not a row of outcomes: the game's reason, when it has one, for the
      // whole line ("losses 2 1": they must add up to the dice compared).
      auto decoded = s.decode_action(json(line));
      if (!decoded.is_ok() && decoded.status().code() == StatusCode::kInvalidArgument)
        return invalid_argument(
            fmt::format("'{}': {}; nothing entered", line, decoded.status().message()));
    }
    if (!a)
      return invalid_argument(fmt::format(
          "'{}' (word {}) is not an outcome of '{}'; nothing entered ('help' lists them)", words[i],
          i + 1, probe.state().chance_description()));
    if (auto st = probe.supply_chance(*a); !st) return st;
  }
  match_ = std::move(probe);
  return Status::ok();
}

std::optional<Action> PlayLoop::match_outcome(const State& s,
                                              const std::vector<ChanceOutcome>& outcomes,
                                              const std::string& line) {
  // Its number in the list, its text in any case, its text without the
  // leading word ("5" or "alaska" for "die 5" / "card alaska" when the
  // number is not also a list index), or what the game's decoder makes of it.
  const std::string typed = ascii_lower(line);
  for (size_t i = 0; i < outcomes.size(); ++i)
    if (typed == std::to_string(i + 1)) return outcomes[i].action;
  for (const auto& o : outcomes) {
    const std::string text = ascii_lower(s.action_to_string(o.action));
    const size_t space = text.find(' ');
    if (typed == text || (space != std::string::npos && typed == text.substr(space + 1)))
      return o.action;
  }
  auto decoded = s.decode_action(json(line));
  if (decoded.is_ok() && decoded->size() == 1)
    for (const auto& o : outcomes)
      if (o.action == decoded->front()) return o.action;
  return std::nullopt;
}

bool PlayLoop::human_turn() {
  const Seat seat = match_.state().current_player();
  out_ << "\n" << match_.state().to_text(seat) << "\n";
  for (;;) {
    out_ << fmt::format("{}> ", seat_name(seat)) << std::flush;
    std::string line;
    if (!std::getline(in_, line)) return false;
    line = trim(line);
    if (line.empty()) continue;
    if (line == "quit" || line == "exit") return false;
    if (line == "help" || line == "?") {
      print_help();
      continue;
    }
    if (line == "moves" || line == "legal") {
      print_moves();
      continue;
    }
    if (line == "board") {
      out_ << match_.state().to_text(seat) << "\n";
      continue;
    }
    if (line == "undo") {
      undo();
      return true;
    }
    if (line == "hint") {
      auto hint = make_hint(match_.game(), match_.state(), config_.hint_level,
                            mix64(config_.seed, 0xC0FFEE));
      if (!hint) {
        out_ << "error: " << hint.status().message() << "\n";
        continue;
      }
      out_ << "hint: " << match_.state().action_to_string(hint->action) << "\n"
           << describe_hint(*hint, config_.hint_level) << "\n";
      continue;
    }
    if (line.rfind("save ", 0) == 0) {
      save(std::string(trim(line.substr(5))));
      continue;
    }
    // Anything else is the game's command: a text command or JSON.
    if (json_text_deeper_than(line)) {
      out_ << "error: the line nests arrays and objects deeper than " << kMaxJsonDepth
           << " levels\n";
      continue;
    }
    json action = json::parse(line, nullptr, false);
    if (action.is_discarded() || !(action.is_object() || action.is_number_integer())) action = line;
    auto applied = match_.act_json(action);
    if (!applied) {
      out_ << "error: " << applied.status().message() << "\n";
      continue;
    }
    return true;
  }
}

void PlayLoop::undo() {
  // Take back decisions until it is a human's turn again, at least one.
  bool undone = false;
  while (true) {
    if (!match_.undo()) break;
    undone = true;
    // Stop at a person's own decision: not a computer's, and not one the
    // loop answers for them (it would be answered again at once).
    const State& st = match_.state();
    const Seat s = st.current_player();
    const bool answered_for_them = config_.auto_answers && st.auto_action() != kInvalidAction;
    if (s >= 0 && config_.seats[static_cast<size_t>(s)].human && !answered_for_them) break;
  }
  out_ << (undone ? "took back the last move\n" : "there is no move to take back\n");
}

void PlayLoop::print_moves() {
  const State& s = match_.state();
  std::string text;
  for (Action a : s.legal_actions()) text += (text.empty() ? "" : ", ") + s.action_to_string(a);
  out_ << "legal: " << text << "\n";
}

void PlayLoop::print_help() {
  out_ << "Type a move (see `moves`), or one of:\n"
          "  moves      list the legal moves\n"
          "  hint       the computer's move for you, and your chance to win with it\n"
          "  undo       take back your last move (and the computer's reply)\n"
          "  board      show the board again\n"
          "  save FILE  write the match log (replay it with `meeple replay FILE`)\n"
          "  quit       leave the game\n";
}

void PlayLoop::print_result() {
  const State& s = match_.state();
  out_ << "\n" << s.to_text(kSpectator) << "\n";
  const auto r = s.returns();
  std::string result;
  for (size_t i = 0; i < r.size(); ++i)
    result += fmt::format("{}{}: {}", i ? ", " : "", seat_name(static_cast<Seat>(i)),
                          r[i] > 0   ? "wins"
                          : r[i] < 0 ? "loses"
                                     : "draws");
  out_ << "Game over. " << result << "\n"
       << "Scores: " << s.scores().dump() << "\n";
}

}  // namespace meeple::cli
