#include "server/server.h"

#include <fmt/format.h>

#include "server/static_files.h"

namespace meeple::server {

namespace asio = boost::asio;

Result<std::unique_ptr<Server>> Server::open(const ServerOptions& options) {
  std::unique_ptr<Server> s(new Server());
  s->options_ = options;
  // 1. Storage, and every stored table replayed from its log.
  auto storage = Storage::open(options.db_path, options.durable_fsync);
  if (!storage) return storage.status();
  s->storage_ = std::move(*storage);
  auto stored = s->storage_->load_all();
  if (!stored) return stored.status();
  s->bots_ = std::make_unique<asio::thread_pool>(std::max(1, options.bot_threads));
  Server* raw = s.get();
  TableEnv env;
  env.storage = s->storage_.get();
  env.post_io = [raw](std::function<void()> f) { asio::post(raw->ioc_, std::move(f)); };
  env.post_bot = [raw](std::function<void()> f) { asio::post(*raw->bots_, std::move(f)); };
  s->lobby_ = std::make_unique<Lobby>(env);
  s->restore_errors_ = s->lobby_->restore(std::move(*stored));
  s->api_ = std::make_unique<Api>(*s->lobby_);
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
  ioc_.stop();
  for (auto& t : threads_) t.join();
  threads_.clear();
  bots_->stop();
  bots_->join();
  storage_->stop();
}

Server::~Server() {
  if (!threads_.empty() || !stopped_) {
    if (!stopped_ && threads_.empty()) {
      stopped_ = true;
      bots_->stop();
      bots_->join();
      storage_->stop();
    } else {
      stop();
    }
  }
}

}  // namespace meeple::server
