// What a bot is given when its seat has to decide: the seat, what that seat
// may know, what it may do, the game's facts, and a way to sample full states
// consistent with its knowledge. Never the true state.
//
// Every bot (ai/bot.h: Bot::choose) receives a Decision, from every caller:
// the server's computer seats and hints, `meeple play`, the engine
// protocol's `bot`, benchmarks and arenas. The true State stays private to
// this object, so a bot of a hidden-information game (Risk: other hands,
// missions, the deck) cannot peek; it searches over determinize(rng), which
// redraws everything the seat cannot see (State::determinize) and keeps what
// it has learnt. For a perfect-information game (Reversi) determinize is an
// exact copy, so a searcher pays one copy per decision and nothing per node.
//
// The idea is OpenSpiel's information-state view of a game
// (open_spiel/spiel.h: InformationStateString, ResampleFromInfostate) and
// TabletopGames' copy(playerId) (core/AbstractGameState.java), which hands
// each AI a state with the hidden parts redrawn.
//
// Lifetime: a Decision refers to the caller's state; the state must outlive
// it and must not change while a bot decides (callers that hand the decision
// to another thread give it a copy of the state, as server/table.cpp does).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace meeple {

class Decision {
 public:
  // The decision of truth.current_player(); precondition: a decision node
  // (not chance, not terminal) of a state made by `game`.
  Decision(const Game& game, const State& truth);

  Decision(const Decision&) = delete;
  Decision& operator=(const Decision&) = delete;

  // The seat that decides.
  Seat seat() const { return seat_; }
  // The configured game: info() (name, seats, chance, hidden information),
  // options(), num_seats(), num_distinct_actions() and, as core/game.h
  // grows, the rest of the game's metadata.
  const Game& game() const { return *game_; }
  int num_seats() const { return game_->num_seats(); }
  bool has_hidden_information() const { return game_->info().has_hidden_information; }
  // A seat's name in the game's words ("Black", "red").
  std::string seat_name(Seat seat) const { return truth_->seat_name(seat); }

  // What the seat may know: State::view(seat()), computed once on first use.
  const json& view() const;

  // The legal actions of the seat, sorted ascending (computed once on first
  // use), and their JSON and text forms.
  const std::vector<Action>& legal_actions() const;
  bool is_legal(Action a) const { return truth_->is_legal(a); }
  json action_to_json(Action a) const { return truth_->action_to_json(a); }
  std::string action_to_string(Action a) const { return truth_->action_to_string(a); }
  // The seat's delegable default answer (State::auto_action), e.g. Risk's
  // "defend with the most dice"; kInvalidAction when there is none.
  Action auto_action() const { return truth_->auto_action(); }

  // A full state consistent with view() and with everything the seat has
  // learnt, the parts it cannot see drawn from `rng` (the bot's own, never
  // the match's). Its current_player() is seat() and its legal actions are
  // legal_actions(). Perfect-information games: an exact copy of the state.
  std::unique_ptr<State> determinize(Rng& rng) const { return truth_->determinize(seat_, rng); }
  // The same sample written into `sample` (State::determinize_into): a bot
  // that keeps one sample between decisions reuses its storage.
  void determinize_into(Rng& rng, std::unique_ptr<State>& sample) const {
    truth_->determinize_into(seat_, rng, sample);
  }

 private:
  const Game* game_;
  const State* truth_;  // private: bots reach it only through the methods above
  Seat seat_;
  mutable std::optional<json> view_;
  mutable std::optional<std::vector<Action>> legal_;
};

}  // namespace meeple
