#include "server/table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <tuple>

#include "ai/bot.h"
#include "ai/hint.h"
#include "core/registry.h"
#include "server/crypto.h"
#include "server/quota.h"
#include "server/replay.h"
#include "server/seat_json.h"

namespace meeple::server {

namespace {

// Notes are sentences; some games name seats in lower case ("red").
std::string capitalized(std::string name) {
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z')
    name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

// "30 s", "2 min", "1 h 30 min", "1 d".
std::string duration_words(int64_t seconds) {
  if (seconds % 86400 == 0) return fmt::format("{} d", seconds / 86400);
  if (seconds >= 3600)
    return seconds % 3600 == 0 ? fmt::format("{} h", seconds / 3600)
                               : fmt::format("{} h {} min", seconds / 3600, seconds % 3600 / 60);
  if (seconds >= 60 && seconds % 60 == 0) return fmt::format("{} min", seconds / 60);
  return fmt::format("{} s", seconds);
}

// Mirrors are never handed to requests (Lobby::acquire); should one be,
// it refuses rather than write a table it does not own.
Status mirror_refuses() {
  return unavailable("this server only shows a copy of the table; another server owns it");
}

json action_entry(const State& st, Action a) {
  return {{"id", a}, {"json", st.action_to_json(a)}, {"text", st.action_to_string(a)}};
}

}  // namespace

Table::Table(TableEnv env, StoredTable meta, Match match)
    : env_(std::move(env)),
      meta_(std::move(meta)),
      match_(std::move(match)),
      words_(match_.game_ptr()) {
  meta_.log.clear();
  for (auto& r : meta_.requests) request_versions_[{r.seat, std::move(r.id)}] = r.version;
  meta_.requests.clear();
  meta_.status = compute_status(match_);
  last_activity_ms_ = std::max(meta_.created_at, meta_.updated_at);
  hinting_.assign(meta_.seats.size(), false);
  kept_bots_.resize(meta_.seats.size());
  seat_write_in_flight_.assign(meta_.seats.size(), false);
}

std::shared_ptr<Table> Table::mirror(TableEnv env, StoredTable meta, Match match) {
  auto t = std::make_shared<Table>(std::move(env), std::move(meta), std::move(match));
  t->mirror_ = true;
  return t;
}

namespace {

// What a watcher's view shows of a seat's row.
bool same_seat_rows(const std::vector<StoredSeat>& a, const std::vector<StoredSeat>& b) {
  auto row = [](const StoredSeat& s) {
    return std::tie(s.seat, s.kind, s.level, s.claimed, s.access, s.auto_answer, s.name, s.away,
                    s.resigned);
  };
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [&](const StoredSeat& x, const StoredSeat& y) { return row(x) == row(y); });
}

}  // namespace

void Table::follow(StoredTable meta, Match match) {
  if (!mirror_) return;
  {
    std::lock_guard lock(mu_);
    const size_t have = match_.log().size();
    const size_t got = match.log().size();
    // A read that raced ahead of a newer one already applied: keep ours.
    if (got < have) return;
    if (got == have && meta.notes.size() == meta_.notes.size() &&
        meta.rematch_id == meta_.rematch_id && same_seat_rows(meta.seats, meta_.seats))
      return;
    meta.log.clear();
    meta.requests.clear();
    meta_ = std::move(meta);
    match_ = std::move(match);
    meta_.status = compute_status(match_);
  }
  broadcast();
}

void Table::follow_expired() {
  {
    std::lock_guard lock(mu_);
    if (!mirror_ || expired_) return;
    expired_ = true;
  }
  broadcast();
}

std::string Table::compute_status(const Match& m) const {
  if (m.state().is_terminal() || resigned_out_locked()) return "finished";
  for (const auto& s : meta_.seats)
    if (s.kind == "human" && !s.claimed) return "open";
  return "running";
}

std::string Table::status() const {
  std::lock_guard lock(mu_);
  return meta_.status;
}

Result<Seat> Table::authenticate(const std::string& token) {
  if (token.empty()) return kSpectator;
  const std::string h = sha256_hex(token);
  Seat found = kSpectator;
  bool newly_claimed = false;
  {
    std::lock_guard lock(mu_);
    for (auto& s : meta_.seats) {
      // Compare every seat, in constant time, so timing tells nothing.
      if (s.kind == "human" && constant_time_equal(s.token_hash, h)) found = s.seat;
    }
    // A mirror writes nothing: the owner records the claim on the seat's
    // first request, which reaches the owner.
    if (found != kSpectator && !mirror_ && !meta_.seats[static_cast<size_t>(found)].claimed) {
      meta_.seats[static_cast<size_t>(found)].claimed = true;
      meta_.status = compute_status(match_);
      newly_claimed = true;
      // A player arriving to move: their move timer starts now.
      if (match_.state().current_player() == found) last_activity_ms_ = env_.now_ms();
    }
  }
  if (found == kSpectator)
    return permission_denied("the token does not belong to any seat of this table");
  if (newly_claimed) mark_claimed(found);
  return found;
}

bool Table::computer_plays_locked(Seat seat) const {
  if (seat < 0 || static_cast<size_t>(seat) >= meta_.seats.size()) return false;
  const StoredSeat& s = meta_.seats[static_cast<size_t>(seat)];
  return s.kind == "computer" || (s.kind == "human" && (s.away || s.resigned));
}

bool Table::resigned_out_locked() const {
  return meta_.seats.size() == 2 && std::any_of(meta_.seats.begin(), meta_.seats.end(),
                                                [](const StoredSeat& s) { return s.resigned; });
}

Seat Table::to_move_locked() const {
  return resigned_out_locked() ? kTerminal : match_.state().current_player();
}

bool Table::answers_for(Seat seat) const {
  std::lock_guard lock(mu_);
  if (seat < 0 || static_cast<size_t>(seat) >= meta_.seats.size()) return false;
  const StoredSeat& s = meta_.seats[static_cast<size_t>(seat)];
  return s.kind == "human" && s.auto_answer;
}

bool Table::timer_runs_for_locked(Seat seat) const {
  if (meta_.move_seconds <= 0 || seat < 0 || static_cast<size_t>(seat) >= meta_.seats.size())
    return false;
  const StoredSeat& s = meta_.seats[static_cast<size_t>(seat)];
  // A seat nobody has taken yet waits for its player; an away or resigned
  // seat is the computer's.
  return s.kind == "human" && s.claimed && !s.away && !s.resigned;
}

void Table::write_seat(const StoredSeat& changed, std::optional<TableNote> note,
                       std::optional<std::string> status, std::function<void(const Status&)> done) {
  if (mirror_) return done(mirror_refuses());
  auto self = shared_from_this();
  auto stored = [self, changed, note, status, done = std::move(done)](const Status& st) {
    {
      // The flag drops with the change applied, under one lock: the next
      // change starts from this one.
      std::lock_guard lock(self->mu_);
      const auto i = static_cast<size_t>(changed.seat);
      self->seat_write_in_flight_[i] = false;
      if (st) {
        StoredSeat& s = self->meta_.seats[i];
        s.auto_answer = changed.auto_answer;
        s.name = changed.name;
        s.away = changed.away;
        s.resigned = changed.resigned;
        if (note) self->meta_.notes.push_back(*note);
        if (status) self->meta_.status = *status;
        // Back, or a seat resigned: the move timer starts afresh from now.
        if (note && (note->kind == "back" || note->kind == "resign"))
          self->last_activity_ms_ = self->env_.now_ms();
      }
    }
    if (is_not_owner(st) && self->env_.lost_table) self->env_.lost_table(self->meta_.id);
    done(st);
    if (!st) return;
    self->env_.post_io([self] {
      self->broadcast();
      self->start_bot_if_due();  // the seat may be the computer's now
    });
  };
  env_.storage->update_seat(meta_.id, changed, std::move(stored), note ? &*note : nullptr,
                            status ? &*status : nullptr);
}

void Table::update_seat(Seat seat, SeatSettings settings, Reply done) {
  StoredSeat changed;
  std::optional<TableNote> note;
  {
    std::lock_guard lock(mu_);
    if (expired_) return done(failed_precondition("this table has expired"));
    if (seat < 0 || static_cast<size_t>(seat) >= meta_.seats.size())
      return done(permission_denied("a seat's settings need its token"));
    // One write per seat at a time, so two changes cannot store rows that
    // each lack the other's field.
    if (seat_write_in_flight_[static_cast<size_t>(seat)])
      return done(failed_precondition("a change to this seat is being saved; try again"));
    if (settings.away && meta_.seats[static_cast<size_t>(seat)].resigned)
      return done(failed_precondition("a seat that resigned stays with the computer"));
    seat_write_in_flight_[static_cast<size_t>(seat)] = true;
    changed = meta_.seats[static_cast<size_t>(seat)];
    // Leaving the seat to the computer, or taking it back, is a note in the
    // log at this point of the game.
    if (settings.away && *settings.away != changed.away)
      note = TableNote{match_.log().size(), seat, *settings.away ? "away" : "back", env_.now_ms()};
  }
  if (settings.auto_answer) changed.auto_answer = *settings.auto_answer;
  if (settings.away) changed.away = *settings.away;
  if (settings.name) changed.name = *settings.name;
  auto self = shared_from_this();
  write_seat(changed, note, std::nullopt, [self, seat, settings, done](const Status& st) {
    if (!st) return done(st);
    Action waiting = kInvalidAction;
    size_t version = 0;
    json answer;
    {
      std::lock_guard lock(self->mu_);
      const StoredSeat& s = self->meta_.seats[static_cast<size_t>(seat)];
      answer = {{"seat", seat}, {"auto_answer", s.auto_answer}, {"away", s.away}, {"name", s.name}};
      // A decision already waiting on this seat that it now leaves to the
      // server is answered at once, as a later one would be.
      if (settings.auto_answer == true && self->to_move_locked() == seat) {
        waiting = self->match_.state().auto_action();
        version = self->match_.log().size();
      }
    }
    done(std::move(answer));
    if (waiting != kInvalidAction)
      self->enqueue(Pending{seat, json(), waiting, version, [](Result<json>) {}});
  });
}

void Table::resign(Seat seat, Reply done) {
  StoredSeat changed;
  TableNote note;
  std::string status;
  {
    std::lock_guard lock(mu_);
    if (seat < 0 || static_cast<size_t>(seat) >= meta_.seats.size())
      return done(permission_denied("resigning needs the seat's token"));
    if (expired_) return done(failed_precondition("this table has expired"));
    if (broken_ || env_.storage->failed())
      return done(unavailable("storage failed; this table accepts no more changes"));
    if (to_move_locked() == kTerminal) return done(failed_precondition("the game is over"));
    const auto i = static_cast<size_t>(seat);
    if (meta_.seats[i].resigned) return done(failed_precondition("this seat has resigned already"));
    if (seat_write_in_flight_[i])
      return done(failed_precondition("a change to this seat is being saved; try again"));
    seat_write_in_flight_[i] = true;
    changed = meta_.seats[i];
    changed.resigned = true;
    note = {match_.log().size(), seat, "resign", env_.now_ms()};
    // Two seats: the other wins and the game is over (resigned_out_locked);
    // with more, the table goes on as it is.
    status = meta_.seats.size() == 2 ? "finished" : meta_.status;
  }
  write_seat(changed, note, status, [seat, status, done](const Status& st) {
    if (!st) return done(st);
    done(json{{"seat", seat}, {"status", status}});
  });
}

void Table::check_timer(int64_t now_ms) {
  StoredSeat changed;
  TableNote note;
  {
    std::lock_guard lock(mu_);
    if (expired_ || broken_ || busy_) return;
    const Seat seat = to_move_locked();
    if (!timer_runs_for_locked(seat) || seat_write_in_flight_[static_cast<size_t>(seat)]) return;
    if (now_ms - last_activity_ms_ < meta_.move_seconds * 1000) return;
    seat_write_in_flight_[static_cast<size_t>(seat)] = true;
    changed = meta_.seats[static_cast<size_t>(seat)];
    changed.away = true;
    note = {match_.log().size(), seat, "timeout", now_ms};
  }
  // A failed write is tried again by the next sweep.
  write_seat(changed, note, std::nullopt, [](const Status&) {});
}

void Table::mark_claimed(Seat seat) {
  StoredSeat s;
  {
    std::lock_guard lock(mu_);
    s = meta_.seats[static_cast<size_t>(seat)];
  }
  // Claiming is informational (the lobby's "open" list); a failure shows up
  // as the storage's failed state on the next write.
  env_.storage->update_seat(meta_.id, s, [](const Status&) {});
  auto self = shared_from_this();
  env_.post_io([self] { self->broadcast(); });
}

json Table::summary_locked() const {
  json seats = json::array();
  for (const auto& s : meta_.seats) seats.push_back(seat_row_json(s, watched_locked(s.seat)));
  const GameInfo& info = match_.game().info();
  json j = {{"id", meta_.id},
            {"game", info.name},
            {"title", info.title},
            {"options", match_.game().options()},
            {"status", meta_.status},
            {"seats", seats},
            {"version", match_.log().size()},
            {"to_move", seat_json(to_move_locked())},
            {"seed_sha256", meta_.seed_hash},
            {"created_at", meta_.created_at},
            {"move_seconds", meta_.move_seconds}};
  // The move timer's time left for the seat to move, as of this summary
  // (the browser counts it down); only while the timer runs for it.
  if (timer_runs_for_locked(to_move_locked()))
    j["time_left_ms"] =
        std::max<int64_t>(0, meta_.move_seconds * 1000 - (env_.now_ms() - last_activity_ms_));
  if (meta_.status == "finished") {
    j["seed"] = Rng::to_string(meta_.seed);
    if (match_.state().is_terminal()) {
      j["returns"] = match_.state().returns();
    } else {  // resigned: the seat that did not resign wins
      std::vector<double> returns;
      for (const auto& s : meta_.seats) returns.push_back(s.resigned ? -1.0 : 1.0);
      j["returns"] = returns;
    }
  }
  if (!meta_.rematch_id.empty()) j["rematch"] = meta_.rematch_id;
  if (expired_) j["expired"] = true;
  return j;
}

json Table::summary() const {
  std::lock_guard lock(mu_);
  return summary_locked();
}

json Table::snapshot_locked(Seat seat) const {
  const State& st = match_.state();
  const GameInfo& info = match_.game().info();
  json j = {{"table", summary_locked()},
            {"you", seat_json(seat)},
            {"view", st.view(seat)},
            {"scores", st.scores()}};
  // Scores of a hidden-information game may be private (victory points in
  // hand); only public once the game is over.
  if (info.has_hidden_information && !st.is_terminal()) j.erase("scores");
  json legal = json::array();
  if (seat >= 0 && to_move_locked() == seat) {
    for (Action a : st.legal_actions()) legal.push_back(action_entry(st, a));
  }
  j["legal"] = std::move(legal);
  // The log in words as this seat may see it (State::describe).
  j["log"] = log_json_locked(seat);
  // The move list, public only when the game hides nothing; its texts come
  // from the log in words (caught up above), not from replaying the game
  // at every snapshot.
  if (!info.has_hidden_information) {
    json history = json::array();
    const auto& log = match_.log();
    const auto& texts = words_.action_texts();
    for (size_t i = 0; i < log.size() && i < texts.size(); ++i)
      history.push_back({{"seat", seat_json(log[i].seat)}, {"text", texts[i]}});
    j["history"] = std::move(history);
  }
  return j;
}

json Table::log_json_locked(Seat seat) const {
  words_.catch_up(match_.log());
  json log = words_.to_json(seat, kLogEntriesSent);
  if (meta_.notes.empty()) return log;
  // Notes go before the first action made after them; those older than the
  // first entry sent are left out, as older entries are.
  json& entries = log["entries"];
  const bool all_sent = log["total"].get<size_t>() == entries.size();
  const size_t first = entries.empty() ? 0 : entries[0]["i"].get<size_t>();
  json merged = json::array();
  size_t n = 0;
  auto add_notes_before = [&](size_t index) {
    for (; n < meta_.notes.size() && meta_.notes[n].index <= index; ++n) {
      const TableNote& note = meta_.notes[n];
      if (!all_sent && note.index < first) continue;
      merged.push_back({{"i", note.index},
                        {"seat", note.seat},
                        {"turn", nullptr},
                        {"note", note.kind},
                        {"text", note_text(note)}});
    }
  };
  for (auto& e : entries) {
    add_notes_before(e["i"].get<size_t>());
    merged.push_back(std::move(e));
  }
  add_notes_before(SIZE_MAX);
  // Every note counts in the total, sent or not ("… N earlier").
  log["total"] = log["total"].get<size_t>() + meta_.notes.size();
  entries = std::move(merged);
  return log;
}

std::string Table::note_text(const TableNote& note) const {
  std::string who = fmt::format("seat {}", note.seat);
  if (note.seat >= 0 && static_cast<size_t>(note.seat) < meta_.seats.size()) {
    who = capitalized(match_.state().seat_name(note.seat));
    const std::string& name = meta_.seats[static_cast<size_t>(note.seat)].name;
    if (!name.empty()) who += " (" + name + ")";
  }
  if (note.kind == "timeout")
    return fmt::format(
        "{} ran out of time ({} per move): the computer plays for them until they "
        "are back",
        who, duration_words(meta_.move_seconds));
  if (note.kind == "away") return fmt::format("{} left their seat to the computer", who);
  if (note.kind == "back") return fmt::format("{} is back and plays again", who);
  if (note.kind == "resign") {
    if (meta_.seats.size() == 2) {
      const Seat other = 1 - note.seat;
      return fmt::format("{} resigned: {} wins", who, capitalized(match_.state().seat_name(other)));
    }
    return fmt::format("{} resigned: the computer plays for them to the end", who);
  }
  return fmt::format("{}: {}", who, note.kind);
}

json Table::snapshot(Seat seat) const {
  std::lock_guard lock(mu_);
  return snapshot_locked(seat);
}

std::shared_ptr<const std::string> Table::message_for(Seat seat, size_t* version) const {
  std::lock_guard lock(mu_);
  json j = snapshot_locked(seat);
  j["type"] = "state";
  if (version) *version = match_.log().size();
  return std::make_shared<const std::string>(j.dump());
}

bool Table::watched_locked(Seat seat) const {
  return std::any_of(subscribers_.begin(), subscribers_.end(),
                     [&](const auto& p) { return p.second == seat && !p.first.expired(); });
}

void Table::subscribe(const std::shared_ptr<Subscriber>& s, Seat seat) {
  bool arrived = false;
  {
    std::lock_guard lock(mu_);
    arrived = seat >= 0 && !watched_locked(seat);
    subscribers_.emplace_back(s, seat);
  }
  if (arrived) {
    auto self = shared_from_this();
    env_.post_io([self] { self->broadcast(); });
  }
}

void Table::unsubscribe(const Subscriber* s, bool tell_others) {
  bool left = false;
  {
    std::lock_guard lock(mu_);
    Seat seat = kSpectator;
    std::erase_if(subscribers_, [&](const auto& p) {
      auto sp = p.first.lock();
      if (sp.get() == s) seat = p.second;
      return !sp || sp.get() == s;
    });
    left = seat >= 0 && !watched_locked(seat);
  }
  if (left && tell_others) {
    auto self = shared_from_this();
    env_.post_io([self] { self->broadcast(); });
  }
}

void Table::broadcast() {
  // Build one message per seat that has watchers (shared by all its tabs),
  // then deliver outside the lock.
  std::vector<std::pair<std::shared_ptr<Subscriber>, std::shared_ptr<const std::string>>> out;
  size_t version = 0;
  {
    std::lock_guard lock(mu_);
    version = match_.log().size();
    std::map<Seat, std::shared_ptr<const std::string>> by_seat;
    std::erase_if(subscribers_, [](const auto& p) { return p.first.expired(); });
    for (const auto& [weak, seat] : subscribers_) {
      auto sp = weak.lock();
      if (!sp) continue;
      auto& msg = by_seat[seat];
      if (!msg) {
        json j = snapshot_locked(seat);
        j["type"] = "state";
        msg = std::make_shared<const std::string>(j.dump());
      }
      out.emplace_back(std::move(sp), msg);
    }
  }
  for (auto& [sub, msg] : out) sub->deliver(msg, version);
}

void Table::act(Seat seat, json action, std::optional<size_t> expect, Reply done,
                std::string request_id) {
  enqueue(Pending{seat, std::move(action), kInvalidAction, expect, std::move(done), false,
                  std::move(request_id)});
}

void Table::enqueue(Pending p) {
  if (mirror_) return p.done(mirror_refuses());
  {
    std::lock_guard lock(mu_);
    queue_.push_back(std::move(p));
    if (busy_) return;
    busy_ = true;
  }
  drain();
}

void Table::drain() {
  for (;;) {
    Pending p;
    std::optional<Match> next;
    Status error;
    std::optional<size_t> answered;
    {
      std::lock_guard lock(mu_);
      if (queue_.empty()) {
        busy_ = false;
        return;
      }
      p = std::move(queue_.front());
      queue_.pop_front();
      // 0. A request this seat made before: its first answer, whatever
      //    happened since (requests run one at a time, so a retry that
      //    arrived while the first was being stored is seen here too).
      if (!p.request_id.empty() && p.seat >= 0) {
        auto it = request_versions_.find({p.seat, p.request_id});
        if (it != request_versions_.end()) answered = it->second;
      }
      // 1. Who acts, at which version, and is the game still on?
      const Seat to_move = to_move_locked();
      if (answered) {
        // answered below, outside the lock
      } else if (broken_ || env_.storage->failed()) {
        error = unavailable("storage failed; this table accepts no more actions");
      } else if (expired_) {
        error = failed_precondition("this table has expired; it accepts no more actions");
      } else if (to_move == kTerminal) {
        error = failed_precondition("the game is over");
      } else if (p.seat < 0) {
        error = permission_denied("spectators cannot act; send a seat's token");
      } else if (to_move != p.seat) {
        error = permission_denied(fmt::format("it is not seat {}'s turn (seat {} is to move)",
                                              p.seat, seat_json(to_move).dump()));
      } else if (p.by_computer && !computer_plays_locked(p.seat)) {
        error = failed_precondition(fmt::format("seat {}'s player is back", p.seat));
      } else if (!p.by_computer && meta_.seats[static_cast<size_t>(p.seat)].resigned) {
        error = failed_precondition(fmt::format("seat {} has resigned", p.seat));
      } else if (!p.by_computer && computer_plays_locked(p.seat)) {
        error = failed_precondition(
            fmt::format("the computer is playing for seat {}; take the seat back first (POST "
                        "/api/tables/{}/seat {{\"away\": false}})",
                        p.seat, meta_.id));
      } else if (p.expect && *p.expect != match_.log().size()) {
        error = failed_precondition(
            fmt::format("stale: the table is at version {}, not {}; reload the state",
                        match_.log().size(), *p.expect));
      } else {
        next.emplace(match_);  // work on a copy: the table's match stays committed
      }
    }
    if (answered) {
      p.done(json{{"version", *answered}, {"repeated", true}});
      continue;
    }
    const size_t first = next ? next->log().size() : 0;
    if (error.is_ok()) {
      // A game that throws on odd input must not leave the table busy
      // forever: the action fails, the table goes on.
      try {
        if (p.id != kInvalidAction) {
          error = next->act(p.id);
        } else {
          auto ids = next->act_json(p.action);
          if (!ids) error = ids.status();
        }
      } catch (const std::exception& e) {
        error = internal_error(fmt::format("the action could not be applied: {}", e.what()));
      }
    }
    if (!error.is_ok()) {
      p.done(error);
      // A computer's move refused (stale: two bots were started for one
      // decision, the second seeing bot_running_ already reset by the
      // first) may have kept the next seat's bot from starting while it
      // thought: start it now, or the table would wait forever.
      if (p.by_computer) start_bot_if_due();
      continue;
    }
    // 2. Chance that follows is rolled at once with the match's RNG, and a
    // human seat's decision with a default answer (Risk's defender rolls
    // the most dice, R8) is answered for it, so a battle never waits on a
    // click whose answer is known. Computer seats answer through their bot.
    next->resolve_chance();
    for (int guard = 0; guard < kMaxAutoAnswers; ++guard) {
      const Seat s = next->state().current_player();
      if (!answers_for(s)) break;
      const Action a = next->state().auto_action();
      if (a == kInvalidAction || !next->act(a).is_ok()) break;
      next->resolve_chance();
    }
    // 3. Durable, then told.
    std::vector<LogEntry> entries(next->log().begin() + static_cast<std::ptrdiff_t>(first),
                                  next->log().end());
    std::string status;
    {
      std::lock_guard lock(mu_);
      status = compute_status(*next);
    }
    std::optional<StoredRequest> request;
    if (!p.request_id.empty()) request = StoredRequest{p.seat, p.request_id, next->log().size()};
    auto self = shared_from_this();
    auto shared_next = std::make_shared<Match>(std::move(*next));
    auto shared_p = std::make_shared<Pending>(std::move(p));
    env_.storage->append(
        meta_.id, first, std::move(entries), status,
        [self, shared_next, shared_p](const Status& st) {
          self->env_.post_io([self, shared_next, shared_p, st] {
            self->committed(st, std::move(*shared_next), std::move(*shared_p));
          });
        },
        request ? &*request : nullptr);
    return;  // drain() continues after the commit
  }
}

void Table::committed(const Status& st, Match next, Pending p) {
  if (!st) {
    {
      std::lock_guard lock(mu_);
      broken_ = true;
    }
    if (is_not_owner(st) && env_.lost_table) env_.lost_table(meta_.id);
    p.done(st);
  } else {
    size_t version = 0;
    {
      std::lock_guard lock(mu_);
      match_ = std::move(next);
      meta_.status = compute_status(match_);
      version = match_.log().size();
      if (!p.request_id.empty()) request_versions_[{p.seat, p.request_id}] = version;
      last_activity_ms_ = env_.now_ms();
    }
    // 4. Tell the caller and every watcher; then the next move.
    p.done(json{{"version", version}});
    broadcast();
    start_bot_if_due();
  }
  {
    std::lock_guard lock(mu_);
    if (queue_.empty()) {
      busy_ = false;
      return;
    }
  }
  drain();
}

int Table::kept_bots() const {
  std::lock_guard lock(mu_);
  return static_cast<int>(
      std::count_if(kept_bots_.begin(), kept_bots_.end(), [](const auto& k) { return k.second; }));
}

void Table::start_bot_if_due() {
  Seat seat;
  int level = 0;
  std::shared_ptr<State> state;
  std::shared_ptr<const Game> game;
  size_t version = 0;
  std::shared_ptr<Bot> kept;
  {
    std::lock_guard lock(mu_);
    seat = to_move_locked();
    if (seat < 0 || bot_running_ || broken_ || expired_ || mirror_) return;
    if (!computer_plays_locked(seat)) return;
    const auto& s = meta_.seats[static_cast<size_t>(seat)];
    level = s.kind == "computer" ? s.level : standard_level(match_.game().info().name);
    state = match_.state().clone();
    game = match_.game_ptr();
    version = match_.log().size();
    bot_running_ = true;
    // One bot runs at a time (bot_running_), so a kept one is never shared.
    auto& k = kept_bots_[static_cast<size_t>(seat)];
    if (k.second && k.first == level) kept = k.second;
  }
  auto self = shared_from_this();
  // Computer seats' moves have their own threads: hints never delay them.
  env_.post_move([self, seat, level, state, game, version, kept] {
    std::shared_ptr<Bot> bot = kept;
    if (!bot) {
      // The bot's RNG is its own, never the match's (bot.h).
      auto made = make_bot(*game, level, random_u64());
      if (made) bot = std::move(*made);
    }
    Action a = kInvalidAction;
    if (bot) a = bot->choose(Decision(*game, *state));  // what the seat knows, not the state
    {
      std::lock_guard lock(self->mu_);
      self->bot_running_ = false;
      if (bot && bot->remembers()) self->kept_bots_[static_cast<size_t>(seat)] = {level, bot};
    }
    if (a == kInvalidAction) return;
    self->enqueue(Pending{seat, nullptr, a, version, [](const Result<json>&) {}, true});
  });
}

void Table::hint(Seat seat, int level, Reply done) {
  std::shared_ptr<State> state;
  std::shared_ptr<const Game> game;
  {
    std::lock_guard lock(mu_);
    const Seat to_move = to_move_locked();
    if (seat < 0) return done(permission_denied("hints are for the seat to move; send its token"));
    if (expired_) return done(failed_precondition("this table has expired"));
    if (to_move != seat)
      return done(failed_precondition(fmt::format("seat {} is not to move", seat)));
    if (hinting_[static_cast<size_t>(seat)])
      return done(too_many_requests(fmt::format(
          "a hint for seat {} is still being worked out; one hint at a time per seat", seat)));
    hinting_[static_cast<size_t>(seat)] = true;
    state = match_.state().clone();
    game = match_.game_ptr();
  }
  auto self = shared_from_this();
  auto shared_done = std::make_shared<Reply>(std::move(done));
  const bool queued = env_.post_hint([self, state, game, level, seat, shared_done](bool busy) {
    // Busy bots: a weaker hint now rather than a slower game for anyone.
    const int standard = standard_level(game->info().name);
    const int asked = level < 0 ? standard : level;
    const int used = busy ? std::min(asked, standard) : asked;
    // The bot sees only what the seat may know (core/decision.h).
    auto hint = make_hint(*game, *state, used, random_u64());
    // (A Result is built from an error Status only: an OK one is asserted.)
    Result<json> answer = json();
    if (!hint) {
      answer = hint.status();
    } else {
      answer = json{{"action", action_entry(*state, hint->action)},
                    {"level", used},
                    {"bot", hint->bot},
                    {"degraded", used != level},
                    {"win_chance", hint->win_chance},
                    {"estimated_by", hint->estimated_by},
                    {"playouts", hint->playouts}};
    }
    {
      std::lock_guard lock(self->mu_);
      self->hinting_[static_cast<size_t>(seat)] = false;
    }
    (*shared_done)(std::move(answer));
  });
  if (!queued) {
    {
      std::lock_guard lock(mu_);
      hinting_[static_cast<size_t>(seat)] = false;
    }
    (*shared_done)(too_many_requests(
        "the computer players are busy with other hints; ask again in a few seconds"));
  }
}

void Table::join(std::optional<int> wanted, std::string name, Reply done) {
  StoredSeat chosen;
  std::string token;
  {
    std::lock_guard lock(mu_);
    if (expired_) return done(failed_precondition("this table has expired"));
    if (to_move_locked() == kTerminal) return done(failed_precondition("the game is over"));
    auto joinable = [&](const StoredSeat& s) {
      return s.kind == "human" && s.access == "open" && !s.claimed &&
             !seat_write_in_flight_[static_cast<size_t>(s.seat)];
    };
    const StoredSeat* seat = nullptr;
    if (wanted) {
      if (*wanted < 0 || *wanted >= static_cast<int>(meta_.seats.size()))
        return done(invalid_argument(fmt::format("'seat' {} is not a seat of this table (0..{})",
                                                 *wanted, meta_.seats.size() - 1)));
      const StoredSeat& s = meta_.seats[static_cast<size_t>(*wanted)];
      if (s.kind != "human")
        return done(failed_precondition(fmt::format("seat {} is a computer seat", s.seat)));
      if (s.access != "open")
        return done(permission_denied(fmt::format(
            "seat {} is not open to join: only its invite link (or the creator) can take it",
            s.seat)));
      if (s.claimed || seat_write_in_flight_[static_cast<size_t>(s.seat)])
        return done(failed_precondition(fmt::format("seat {} is already taken", s.seat)));
      seat = &s;
    } else {
      auto it = std::find_if(meta_.seats.begin(), meta_.seats.end(), joinable);
      if (it == meta_.seats.end())
        return done(failed_precondition("no open seat is free at this table"));
      seat = &*it;
    }
    // Reserve the seat; the table's copy changes only once stored.
    seat_write_in_flight_[static_cast<size_t>(seat->seat)] = true;
    token = random_hex(16);
    chosen = *seat;
    chosen.token_hash = sha256_hex(token);
    chosen.claimed = true;
    chosen.name = std::move(name);
  }
  store_token(chosen, token, std::move(done));
}

void Table::take_reserved(Seat seat, Reply done) {
  StoredSeat chosen;
  std::string token;
  {
    std::lock_guard lock(mu_);
    if (expired_) return done(failed_precondition("the rematch has expired"));
    if (seat < 0 || static_cast<size_t>(seat) >= meta_.seats.size())
      return done(failed_precondition(fmt::format("the rematch has no seat {}", seat)));
    const StoredSeat& s = meta_.seats[static_cast<size_t>(seat)];
    if (s.kind != "human" || s.access == "open")
      return done(
          failed_precondition(fmt::format("seat {} of the rematch is not reserved for you", seat)));
    // The token is sent once; the first answer's token is the one to use.
    if (!s.token_hash.empty() || seat_write_in_flight_[static_cast<size_t>(seat)])
      return done(failed_precondition(fmt::format(
          "your seat at the rematch ({}) was given out already: use the link of your first "
          "request",
          id())));
    seat_write_in_flight_[static_cast<size_t>(seat)] = true;
    token = random_hex(16);
    chosen = s;
    chosen.token_hash = sha256_hex(token);
    chosen.claimed = true;
  }
  store_token(chosen, token, std::move(done));
}

void Table::store_token(const StoredSeat& chosen, const std::string& token, Reply done) {
  if (mirror_) return done(mirror_refuses());
  auto self = shared_from_this();
  env_.storage->update_seat(meta_.id, chosen, [self, chosen, token, done](const Status& st) {
    {
      std::lock_guard lock(self->mu_);
      self->seat_write_in_flight_[static_cast<size_t>(chosen.seat)] = false;
      if (st) {
        self->meta_.seats[static_cast<size_t>(chosen.seat)] = chosen;
        self->meta_.status = self->compute_status(self->match_);
        self->last_activity_ms_ = self->env_.now_ms();
      }
    }
    if (is_not_owner(st) && self->env_.lost_table) self->env_.lost_table(self->meta_.id);
    if (!st) return done(st);
    done(json{{"seat", chosen.seat}, {"token", token}});
    self->env_.post_io([self] { self->broadcast(); });
  });
}

Result<Table::RematchStart> Table::begin_rematch(Seat seat, bool linked_alive,
                                                 std::function<void(Result<std::string>)> wait) {
  std::lock_guard lock(mu_);
  if (expired_) return failed_precondition("this table has expired");
  if (seat < 0 || static_cast<size_t>(seat) >= meta_.seats.size())
    return permission_denied("a rematch needs a seat's token");
  if (meta_.status != "finished")
    return failed_precondition("the game is not over: a rematch starts after the end");
  if (!meta_.rematch_id.empty() && linked_alive) return RematchStart{meta_.rematch_id, false, {}};
  if (rematch_creating_) {
    rematch_waiters_.push_back(std::move(wait));
    return RematchStart{};
  }
  rematch_creating_ = true;
  RematchStart start;
  start.create = true;
  start.meta.game = meta_.game;
  start.meta.options = match_.game().options();
  start.meta.move_seconds = meta_.move_seconds;
  start.meta.seats = meta_.seats;
  return start;
}

void Table::end_rematch(const Result<std::string>& id) {
  std::vector<std::function<void(Result<std::string>)>> waiters;
  {
    std::lock_guard lock(mu_);
    rematch_creating_ = false;
    if (id) meta_.rematch_id = *id;
    waiters.swap(rematch_waiters_);
  }
  for (auto& w : waiters) w(id);
  if (id) {
    auto self = shared_from_this();
    env_.post_io([self] { self->broadcast(); });
  }
}

std::string Table::rematch_id() const {
  std::lock_guard lock(mu_);
  return meta_.rematch_id;
}

std::optional<std::string> Table::begin_expiry(int64_t now_ms, const ExpiryRule& rule) {
  std::lock_guard lock(mu_);
  if (expired_ || busy_) return std::nullopt;
  for (bool j : seat_write_in_flight_)
    if (j) return std::nullopt;
  const int64_t quiet = now_ms - last_activity_ms_;
  std::string reason;
  if (to_move_locked() == kTerminal) {
    if (rule.finished_ms <= 0 || quiet < rule.finished_ms) return std::nullopt;
    reason = "finished";
  } else {
    if (rule.idle_ms <= 0 || quiet < rule.idle_ms) return std::nullopt;
    reason = "idle";
  }
  expired_ = true;
  return reason;
}

void Table::cancel_expiry() {
  {
    std::lock_guard lock(mu_);
    expired_ = false;
  }
  start_bot_if_due();
}

void Table::finish_expiry() {
  broadcast();
}

json Table::export_json(const std::string& reason, int64_t now_ms) const {
  std::lock_guard lock(mu_);
  json j = match_.log_json();
  j["seed_sha256"] = meta_.seed_hash;
  j["table"] = meta_.id;
  j["summary"] = summary_locked();
  j["expired"] = {{"reason", reason}, {"at", now_ms}, {"last_activity", last_activity_ms_}};
  return j;
}

Result<json> Table::log() const {
  std::lock_guard lock(mu_);
  if (to_move_locked() != kTerminal)
    return failed_precondition("the log and seed are revealed when the game has ended");
  json j = match_.log_json();
  j["seed_sha256"] = meta_.seed_hash;
  j["table"] = meta_.id;
  return j;
}

Result<json> Table::replay() const {
  std::lock_guard lock(mu_);
  if (to_move_locked() != kTerminal)
    return failed_precondition("replays are available when the game has ended");
  json steps = replay_steps(match_.game(), match_.log());
  const int turns = steps.back()["turn"].get<int>() + 1;
  return json{{"table", summary_locked()}, {"turns", turns}, {"steps", std::move(steps)}};
}

}  // namespace meeple::server
