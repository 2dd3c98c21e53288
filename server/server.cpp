#include "server/server.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <iostream>

#include "server/static_files.h"

namespace meeple::server {

namespace asio = boost::asio;

Result<std::unique_ptr<Server>> Server::open(const ServerOptions& options) {
  std::unique_ptr<Server> s(new Server());
  s->options_ = options;
  if (!options.export_dir.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_directory(options.export_dir, ec))
      return invalid_argument(
          fmt::format("--export-logs {}: not a directory (create it first)", options.export_dir));
  }
  // 1. Storage, and every stored table replayed from its log.
  auto storage = Storage::open(options.db_path, options.durable_fsync);
  if (!storage) return storage.status();
  s->storage_ = std::move(*storage);
  auto stored = s->storage_->load_all();
  if (!stored) return stored.status();
  s->bots_ = std::make_unique<BotPool>(options.bot_threads, options.hint_threads,
                                       options.max_waiting_hints);
  Server* raw = s.get();
  TableEnv env;
  env.storage = s->storage_.get();
  env.post_io = [raw](std::function<void()> f) { asio::post(raw->ioc_, std::move(f)); };
  env.post_move = [raw](std::function<void()> f) { raw->bots_->post_move(std::move(f)); };
  env.post_hint = [raw](std::function<void(bool)> f) {
    return raw->bots_->post_hint(std::move(f));
  };
  env.now_ms = options.now_ms;
  if (!env.now_ms) {
    env.now_ms = [] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
  }
  s->storage_->set_clock(env.now_ms);
  s->lobby_ = std::make_unique<Lobby>(
      env, LobbyLimits{options.quotas.live_tables, options.expiry, options.export_dir});
  s->restore_errors_ = s->lobby_->restore(std::move(*stored));
  s->api_ = std::make_unique<Api>(*s->lobby_, options.quotas, env.now_ms);
  s->now_ms_ = env.now_ms;
  // The sweep: often enough that a table expires within a tenth of its time.
  int64_t interval = options.sweep_interval_ms;
  if (interval <= 0) {
    interval = 30000;
    for (int64_t e : {options.expiry.finished_ms, options.expiry.idle_ms})
      if (e > 0) interval = std::min(interval, std::max<int64_t>(1000, e / 10));
  }
  s->sweep_interval_ = std::chrono::milliseconds(interval);
  s->sweep_timer_ = std::make_unique<asio::steady_timer>(s->ioc_);
  // 2. The listener.
  s->ctx_.lobby = s->lobby_.get();
  s->ctx_.api = s->api_.get();
  s->ctx_.web_root = options.web_root.empty() ? default_web_root() : options.web_root;
  s->ctx_.limits = options.limits;
  boost::system::error_code ec;
  auto address = asio::ip::make_address(options.address, ec);
  if (ec) return invalid_argument(fmt::format("'{}' is not an IP address", options.address));
  s->listener_ = std::make_shared<Listener>(s->ioc_, s->ctx_);
  if (auto st = s->listener_->open({address, options.port}); !st) return st;
  s->port_ = s->listener_->port();
  return s;
}

void Server::start() {
  storage_->start();
  work_.emplace(asio::make_work_guard(ioc_));
  listener_->run();
  for (int i = 0; i < std::max(1, options_.io_threads); ++i)
    threads_.emplace_back([this] { ioc_.run(); });
  lobby_->start_bots();
  schedule_sweep();
}

void Server::schedule_sweep() {
  sweep_timer_->expires_after(sweep_interval_);
  sweep_timer_->async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;  // cancelled: stopping
    std::vector<std::string> errors;
    lobby_->expire_due(now_ms_(), &errors);
    for (const auto& e : errors) std::cerr << "meeple serve: " << e << "\n";
    api_->prune_quotas();
    schedule_sweep();
  });
}

void Server::run_until_signal() {
  asio::io_context sig_ioc;
  asio::signal_set signals(sig_ioc, SIGINT, SIGTERM);
  signals.async_wait([](const boost::system::error_code&, int) {});
  sig_ioc.run();
  stop();
}

void Server::stop() {
  if (stopped_) return;
  stopped_ = true;
  listener_->close();
  work_.reset();
  ioc_.stop();  // also drops the sweep timer's wait
  for (auto& t : threads_) t.join();
  threads_.clear();
  bots_->stop();
  storage_->stop();
}

Server::~Server() {
  if (!threads_.empty() || !stopped_) {
    if (!stopped_ && threads_.empty()) {
      stopped_ = true;
      bots_->stop();
      storage_->stop();
    } else {
      stop();
    }
  }
}

}  // namespace meeple::server
