// Table: one live match with its seats and watchers — the table's actor.
//
// One owner per table (style.md server/, after lila's RoundAsyncActor):
// every action, human or computer, enters one queue and is handled alone:
//   1. check who acts (the token's seat must be the seat to move), the
//      expected version (stale clients learn so), and the action itself
//      (Match::act_json validates fully, then applies, on a copy);
//   2. roll any chance that follows (Match::resolve_chance, the match RNG),
//      and answer a human seat's decision that has a default answer
//      (State::auto_action: Risk's defence with the most dice);
//   3. write the new log entries to storage; wait for the COMMIT;
//   4. only then make the copy the table's match, answer the caller and
//      push every connected seat its own view; then start a computer seat's
//      move if one is to move, and take the next queued action.
// The table's mutex guards its fields for short reads and swaps only; it is
// never held across storage or network I/O, nor while a bot thinks.
//
// Views: each seat gets State::view(seat), a spectator view(kSpectator);
// the seat to move also gets its legal actions as {id, json, text}, and
// every viewer the log in words as it may see it (core/word_log.h). The
// move list is public only in games without hidden information.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/match.h"
#include "core/word_log.h"
#include "server/storage.h"

namespace meeple {
class Bot;
}

namespace meeple::server {

// Something that wants every new state of a table (a WebSocket session).
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // A message for this subscriber's seat; `version` is the log length it
  // describes. Called from any thread; must not block.
  virtual void deliver(std::shared_ptr<const std::string> message, size_t version) = 0;
};

// What tables need from the server around them.
struct TableEnv {
  Storage* storage = nullptr;
  std::function<void(std::function<void()>)> post_io;    // short work
  std::function<void(std::function<void()>)> post_move;  // a computer seat's move
  // A hint (server/bot_pool.h): false when too many hints wait; the job is
  // told whether the bots are busy, and then thinks at kBusyHintLevel.
  std::function<bool(std::function<void(bool busy)>)> post_hint;
  std::function<int64_t()> now_ms;  // wall clock in ms (tests move it)
  // Another process took the table over (a write came back not_owner(),
  // storage.h): the table leaves this process's memory.
  std::function<void(const std::string& table_id)> lost_table{};
};

// The newest entries of the log in words each snapshot carries ("log"); the
// client shows them and what happened since the seat last moved.
inline constexpr size_t kLogEntriesSent = 200;

// Default answers applied in a row for human seats after one action (a
// bound only: each answer is followed by a roll or another seat's turn).
inline constexpr int kMaxAutoAnswers = 64;

// Move timers (docs/api.md "Move timers"): a table created with
// move_seconds gives each human decision that long; then the computer
// plays for the seat, at the game's standard level (ai/bot.h:
// standard_level, also the most a hint thinks while the bots are busy),
// until the player says they are back.
inline constexpr int64_t kMinMoveSeconds = 10;
inline constexpr int64_t kMaxMoveSeconds = 7 * 24 * 3600;

// When tables expire (Lobby::expire_due); 0 means never.
struct ExpiryRule {
  int64_t finished_ms = 0;  // after the last move of a finished game
  int64_t idle_ms = 0;      // after the last action or join of a game still on
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  using Reply = std::function<void(Result<json>)>;

  Table(TableEnv env, StoredTable meta, Match match);
  // A read-only copy of a table another process owns, for the WebSockets
  // that reached this one (docs/scale.md "Fan-out"): it never writes,
  // starts no computer move and takes no request; follow() brings it up
  // to what the owner committed.
  static std::shared_ptr<Table> mirror(TableEnv env, StoredTable meta, Match match);
  bool is_mirror() const { return mirror_; }
  // A mirror only: the table as stored now (`meta` and its log replayed
  // into `match`). Nothing changes unless it is newer (a longer log, or
  // other seats or notes); then every watcher gets its view.
  void follow(StoredTable meta, Match match);
  // A mirror only: the owner expired the table (it is no longer stored as
  // live); the watchers are told, as the owner's are.
  void follow_expired();

  const std::string& id() const { return meta_.id; }
  // The seat a token stands for; kSpectator for an empty token. A token
  // that matches no seat is permission_denied.
  Result<Seat> authenticate(const std::string& token);

  // GET /api/tables/{id}: the seat's snapshot (see docs/api.md).
  json snapshot(Seat seat) const;
  // One row of the lobby's list.
  json summary() const;
  std::string status() const;

  // Submits `action` (client JSON) for `seat`; if `expect` is set, the table
  // must be at that version. `done` gets {"version": n} after the commit.
  // With a `request_id` (the client's; docs/api.md), a request the
  // seat already made with that id is answered as the first time, with
  // "repeated": true, and not applied again: a client that lost an answer
  // (or its server) retries safely.
  void act(Seat seat, json action, std::optional<size_t> expect, Reply done,
           std::string request_id = {});
  // Asks the game's bot at `level` (-1: the game's standard level) for a
  // move for `seat` (the seat to move).
  // One hint per seat at a time: another while one is thought about is
  // too_many_requests (429, quota.h), as is a full hint queue.
  void hint(Seat seat, int level, Reply done);
  // How many seats' bots are kept between moves (Bot::remembers).
  int kept_bots() const;
  // Lobby join: gives the open seat `seat` (or, without one, the lowest
  // unclaimed open seat) a fresh token. Only "open" seats are joinable, each
  // once; the seat changes only after the storage committed, and of two
  // joins racing for one seat exactly one wins.
  // `name` (checked by player_name.h) becomes the seat's name.
  void join(std::optional<int> seat, std::string name, Reply done);
  // Rematch, at the rematch table: gives the player who held `seat` at the
  // finished table their reserved seat here (a fresh token, drawn now),
  // once; answers {"seat", "token"}. Lobby::rematch checked who asks.
  void take_reserved(Seat seat, Reply done);
  // A seat's own settings (POST /api/tables/{id}/seat); a field not given
  // stays. auto_answer: the server answers the seat's decisions that have a
  // default (State::auto_action), or the player does; turned on while such
  // a decision waits, it is answered at once. name: checked by
  // player_name.h. away: the computer plays for the seat (true) or the
  // player takes it back (false; their move timer starts afresh); each
  // change is a note in the log. Stored before it counts.
  struct SeatSettings {
    std::optional<bool> auto_answer;
    std::optional<bool> away;
    std::optional<std::string> name;
  };
  void update_seat(Seat seat, SeatSettings settings, Reply done);

  // A human seat gives up (POST /api/tables/{id}/resign). In a two-seat
  // game that ends the game: the other seat wins (returns +1/-1), the
  // table is finished. With more seats the computer plays the resigned
  // seat to the end (it cannot come back). A note says so; stored before
  // it counts.
  void resign(Seat seat, Reply done);

  // The move timer: if the human seat to move (claimed, not away) has had
  // its decision for move_seconds at `now_ms`, the computer plays for it
  // from now on, and a note says so (stored before it counts).
  void check_timer(int64_t now_ms);

  // Rematch, at the finished table (Lobby::rematch). What a human seat's
  // request does: the rematch exists (`id`, empty when the request waits);
  // this request creates it (`create`: the table's settings in `meta`, then
  // end_rematch); or another request is creating it, and `wait` gets the
  // id (or the error) once it exists. `linked_alive`: whether the table
  // rematch_id() names still exists (an expired rematch is made again).
  struct RematchStart {
    std::string id;
    bool create = false;
    StoredTable meta;
  };
  Result<RematchStart> begin_rematch(Seat seat, bool linked_alive,
                                     std::function<void(Result<std::string>)> wait);
  void end_rematch(const Result<std::string>& id);
  std::string rematch_id() const;

  const std::string& client() const { return meta_.client; }
  // Fixed at creation (no lock needed): the sweep skips tables without one.
  int64_t move_seconds() const { return meta_.move_seconds; }
  // Expiry. begin_expiry marks the table expired if `rule` says it is due
  // at `now_ms` and no write is in flight, and answers why ("finished" or
  // "idle"); an expired table refuses actions, hints and joins.
  // cancel_expiry undoes it (the storage refused); finish_expiry tells the
  // watchers.
  std::optional<std::string> begin_expiry(int64_t now_ms, const ExpiryRule& rule);
  void cancel_expiry();
  void finish_expiry();
  // The log with the revealed seed and the table's metadata, for export.
  json export_json(const std::string& reason, int64_t now_ms) const;

  // After the game: the full log with the revealed seed, and the spectator
  // view after every step.
  Result<json> log() const;
  Result<json> replay() const;

  // Watchers. A seat's first watcher arriving and its last leaving change
  // the seat's "online" in every viewer's summary: both are broadcast,
  // except from a destructor (`tell_others` false), when the server may be
  // stopping.
  void subscribe(const std::shared_ptr<Subscriber>& s, Seat seat);
  void unsubscribe(const Subscriber* s, bool tell_others = true);
  // The message a new subscriber of `seat` gets first.
  std::shared_ptr<const std::string> message_for(Seat seat, size_t* version) const;

  // Starts a computer seat's move if one is to move (after create/restore).
  void start_bot_if_due();

 private:
  struct Pending {
    Seat seat;
    json action;                 // client JSON, or
    Action id = kInvalidAction;  // a bot's chosen id
    std::optional<size_t> expect;
    Reply done;
    bool by_computer = false;  // a bot's move for a computer or away seat
    std::string request_id{};  // the client's id for this request, or ""
  };
  void enqueue(Pending p);
  void drain();
  void committed(const Status& st, Match next, Pending p);
  void broadcast();
  std::string compute_status(const Match& m) const;
  json snapshot_locked(Seat seat) const;
  json summary_locked() const;
  // Whether a live watcher holds `seat` (the seat's player is online).
  bool watched_locked(Seat seat) const;
  void mark_claimed(Seat seat);
  // Whether a bot plays for the seat: a computer seat, or a human seat
  // whose player is away.
  bool computer_plays_locked(Seat seat) const;
  // A two-seat game one seat resigned: over, whatever the state says.
  bool resigned_out_locked() const;
  // The seat to move, kTerminal once the game is over (resignation too).
  Seat to_move_locked() const;
  // Whether the move timer counts for `seat`: a timed table and a taken
  // human seat that is neither away nor resigned.
  bool timer_runs_for_locked(Seat seat) const;
  // The one way a seat's row changes after the join: stores `changed` with
  // an optional note and table status in one transaction (the seat's
  // in-flight flag must be set); once committed, applies them, clears the
  // flag, calls `done`, then tells the watchers and starts a bot if due.
  void write_seat(const StoredSeat& changed, std::optional<TableNote> note,
                  std::optional<std::string> status, std::function<void(const Status&)> done);
  // Stores a seat given a fresh token (`chosen`, its in-flight flag set:
  // join, take_reserved); answers {"seat", "token"} once committed.
  void store_token(const StoredSeat& chosen, const std::string& token, Reply done);
  // The log in words for `seat` with the table's notes at their places.
  json log_json_locked(Seat seat) const;
  std::string note_text(const TableNote& note) const;
  // Whether the server answers for `seat` (a human seat that left its
  // default answers to the server).
  bool answers_for(Seat seat) const;

  TableEnv env_;
  bool mirror_ = false;  // set once, before the table is shared
  mutable std::mutex mu_;
  StoredTable meta_;  // seats and status; meta_.log unused once live
  // The version each committed request id answered, by seat and id
  // (meta_.requests, moved here when the table opens).
  std::map<std::pair<Seat, std::string>, size_t> request_versions_;
  Match match_;            // always the committed match
  mutable WordLog words_;  // the log in words, caught up when a snapshot is built
  std::vector<std::pair<std::weak_ptr<Subscriber>, Seat>> subscribers_;
  std::deque<Pending> queue_;
  bool busy_ = false;
  bool bot_running_ = false;
  // Per seat: the computer's bot kept between its moves, with its level,
  // when the bot learns from the game as it goes or keeps its search tree
  // (Bot::remembers). Lost on a restart or a move to another server, where
  // the next bot starts knowing only the present.
  std::vector<std::pair<int, std::shared_ptr<Bot>>> kept_bots_;
  bool broken_ = false;  // a commit failed: refuse writes
  bool expired_ = false;
  int64_t last_activity_ms_ = 0;  // creation, committed action or join
  std::vector<bool> hinting_;     // per seat: a hint is being thought
  // Per seat: a join, a settings change or a timeout awaits its commit.
  std::vector<bool> seat_write_in_flight_;
  // A rematch is being created; these requests wait for its id.
  bool rematch_creating_ = false;
  std::vector<std::function<void(Result<std::string>)>> rematch_waiters_;
};

}  // namespace meeple::server
