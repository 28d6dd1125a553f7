// prune solve KIND FILE --batch [-j N] [--unique] [--json]: many puzzles, one output
// line each, in input order.
//
// The file is read once and cut into puzzles (puzzles/batch.hpp). The puzzles are
// dealt out in chunks of consecutive ones to N worker threads, each with its own
// BatchSolver (its own models and buffers: nothing is shared but the read-only input).
// A worker formats a chunk's output and diagnostics into the chunk's buffers; this
// thread writes the chunks strictly in order, so the output does not depend on N.
// Workers run at most a bounded number of chunks ahead of the writer, so memory
// stays flat however long the batch is.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <ostream>
#include <thread>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/json_field.hpp"
#include "support/signal_stop.hpp"
#include "cli/input.hpp"
#include "cli/progress_line.hpp"
#include "puzzles/batch.hpp"
#include "puzzles/common/game_id.hpp"
#include "puzzles/registry.hpp"

namespace prune::cli {
namespace {

using puzzles::BatchItem;
using puzzles::BatchResult;
using puzzles::BatchStatus;
using Clock = std::chrono::steady_clock;

struct Tally {
    std::uint64_t puzzles = 0;
    std::uint64_t solved = 0;    // answered with a solution (unique, multiple or unchecked)
    std::uint64_t unique = 0;    // --unique: the only solution
    std::uint64_t multiple = 0;  // --unique: two solutions or more
    std::uint64_t unsat = 0;
    std::uint64_t unknown = 0;
    std::uint64_t errors = 0;
    std::uint64_t nodes = 0;
    std::uint64_t failures = 0;
    std::uint64_t learned = 0;
    std::string learning_unavailable;  // the first puzzle's reason, said once

    void count(const BatchResult& r) {
        ++puzzles;
        switch (r.status) {
            case BatchStatus::solved:
                ++solved;
                if (r.unique_checked && r.unique) ++unique;
                break;
            case BatchStatus::multiple:
                ++solved;
                ++multiple;
                break;
            case BatchStatus::unsat: ++unsat; break;
            case BatchStatus::unknown: ++unknown; break;
            case BatchStatus::error: ++errors; break;
        }
        nodes += r.nodes;
        failures += r.failures;
        learned += r.learned;
        if (learning_unavailable.empty()) learning_unavailable = r.learning_unavailable;
    }
    void add(const Tally& t) {
        puzzles += t.puzzles;
        solved += t.solved;
        unique += t.unique;
        multiple += t.multiple;
        unsat += t.unsat;
        unknown += t.unknown;
        errors += t.errors;
        nodes += t.nodes;
        failures += t.failures;
        learned += t.learned;
        if (learning_unavailable.empty()) learning_unavailable = t.learning_unavailable;
    }
};

// The output of a run of consecutive puzzles, filled by one worker.
struct Chunk {
    std::size_t first = 0;  // item index
    std::size_t end = 0;
    std::string out;
    std::string err;
    Tally tally;
    bool done = false;  // guarded by Batch::mutex
};

// The status word, the same in both outputs: plain prints it on the puzzle's line
// (the solution itself in place of "sat"), --json as its "status".
const char* status_word(BatchStatus status) {
    switch (status) {
        case BatchStatus::solved: return "sat";
        case BatchStatus::multiple: return "multiple";
        case BatchStatus::unsat: return "unsat";
        case BatchStatus::unknown: return "unknown";
        case BatchStatus::error: return "error";
    }
    return "error";
}

// One line: the solution, or multiple / unsat / unknown / error.
void append_plain(std::string& out, const BatchResult& r) {
    if (r.status == BatchStatus::solved) out += r.solution_line;
    else out += status_word(r.status);
    out.push_back('\n');
}

// One JSON object per line: {"line", "status", "solution", "unique", "nodes", "failures"}
// or {"line", "status": "error", "error"}. "solution" is there whenever one was found,
// also under "multiple" and under "unknown" (--unique: a limit stopped the look for a
// second one).
void append_json(std::string& out, const BatchResult& r, int line) {
    support::JsonWriter json;
    json.begin_object();
    json_field(json, "line", line);
    json_field(json, "status", status_word(r.status));
    const bool found = !r.solution.empty();
    if (r.status == BatchStatus::error) {
        json_field(json, "error", r.error);
    } else {
        if (found) {
            json_field(json, "solution", r.solution_line);
        }
        if (r.unique_checked) {
            json_field(json, "unique", r.unique);
        }
        json_field(json, "nodes", r.nodes);
        json_field(json, "failures", r.failures);
    }
    json.end_object();
    out += json.text();
    out.push_back('\n');
}

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

// Microseconds or milliseconds, whichever reads better.
std::string duration_text(double seconds) {
    if (seconds < 0.001) return fixed(seconds * 1e6, 1) + " us";
    if (seconds < 1) return fixed(seconds * 1e3, 2) + " ms";
    return fixed(seconds, 3) + " s";
}

class Batch {
public:
    Batch(const CommandLine& command, const puzzles::PuzzleKind& kind, const support::SourceText& source, std::vector<BatchItem> items, unsigned threads)
        : command_(command), kind_(kind), source_(source), items_(std::move(items)), times_(items_.size(), 0.0f), threads_(threads) {
        // Chunks small enough to share a short hard set between the threads, large
        // enough that taking one costs nothing next to solving it.
        const std::size_t n = items_.size();
        const std::size_t size = std::clamp<std::size_t>(n / (static_cast<std::size_t>(threads_) * 32), 1, 64);
        for (std::size_t first = 0; first < n; first += size) {
            Chunk chunk;
            chunk.first = first;
            chunk.end = std::min(n, first + size);
            chunks_.push_back(std::move(chunk));
        }
        window_ = static_cast<std::size_t>(threads_) * 8;
    }

    // Solves everything, writing the output in order; returns the totals.
    Tally run(std::ostream& out, std::ostream& err, bool progress) {
        start_ = Clock::now();
        const std::clock_t cpu_start = std::clock();
        std::vector<std::thread> workers;
        workers.reserve(threads_);
        for (unsigned t = 0; t < threads_; ++t) workers.emplace_back([this] { work(); });

        Tally total;
        Clock::time_point last_flush = start_;
        std::size_t written_puzzles = 0;
        ProgressLine progress_line(err, progress);
        auto show_progress = [&](Clock::time_point now) {
            if (!progress_line.due(now)) return;
            std::string line = "prune: batch: ";
            line += std::to_string(written_puzzles);
            line += "/";
            line += std::to_string(items_.size());
            line += " puzzles (";
            line += std::to_string(items_.empty() ? 100 : written_puzzles * 100 / items_.size());
            line += "%), ";
            line += fixed(static_cast<double>(written_puzzles) / progress_line.elapsed(now), 0);
            line += " puzzles/s";
            progress_line.show(std::move(line));
        };

        for (std::size_t w = 0; w < chunks_.size(); ++w) {
            Chunk& chunk = chunks_[w];
            {
                std::unique_lock lock(mutex_);
                while (!chunk.done) {
                    ready_.wait_for(lock, std::chrono::milliseconds(250));
                    if (!chunk.done) {
                        lock.unlock();
                        show_progress(Clock::now());
                        lock.lock();
                    }
                }
                written_ = w + 1;
            }
            room_.notify_all();
            if (!chunk.err.empty()) {
                progress_line.clear();
                err << chunk.err;
            }
            out.write(chunk.out.data(), static_cast<std::streamsize>(chunk.out.size()));
            total.add(chunk.tally);
            written_puzzles = chunk.end;
            std::string().swap(chunk.out);
            std::string().swap(chunk.err);
            const Clock::time_point now = Clock::now();
            if (now - last_flush > std::chrono::milliseconds(250)) {
                out.flush();
                last_flush = now;
            }
            show_progress(now);
        }
        for (std::thread& worker : workers) worker.join();
        out.flush();
        progress_line.clear();
        seconds_ = std::chrono::duration<double>(Clock::now() - start_).count();
        cpu_seconds_ = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        return total;
    }

    double seconds() const { return seconds_; }
    double cpu_seconds() const { return cpu_seconds_; }
    const std::vector<float>& times() const { return times_; }
    const std::vector<BatchItem>& items() const { return items_; }

private:
    void work() {
        puzzles::BatchSolver solver(kind_, command_.kind_flags, command_.solve);
        BatchResult result;
        const std::string_view text = source_.text;
        for (;;) {
            const std::size_t c = next_chunk_.fetch_add(1);
            if (c >= chunks_.size()) return;
            {
                std::unique_lock lock(mutex_);
                room_.wait(lock, [&] { return c < written_ + window_; });
            }
            Chunk& chunk = chunks_[c];
            for (std::size_t i = chunk.first; i < chunk.end; ++i) {
                const BatchItem& item = items_[i];
                const Clock::time_point t0 = Clock::now();
                solver.solve(text.substr(item.offset, item.length), item.line, source_.name, result);
                times_[i] = static_cast<float>(std::chrono::duration<double>(Clock::now() - t0).count());
                if (command_.json) append_json(chunk.out, result, item.line);
                else append_plain(chunk.out, result);
                if (result.status == BatchStatus::error) {
                    chunk.err += result.error;
                    chunk.err.push_back('\n');
                }
                chunk.tally.count(result);
            }
            {
                std::lock_guard lock(mutex_);
                chunk.done = true;
            }
            ready_.notify_one();
        }
    }

    const CommandLine& command_;
    const puzzles::PuzzleKind& kind_;
    const support::SourceText& source_;
    const std::vector<BatchItem> items_;
    std::vector<float> times_;  // seconds per puzzle; each element written by one worker
    const unsigned threads_;
    std::vector<Chunk> chunks_;
    std::size_t window_ = 8;  // chunks a worker may run ahead of the writer
    std::atomic<std::size_t> next_chunk_{0};
    std::mutex mutex_;
    std::condition_variable ready_;  // a chunk is done
    std::condition_variable room_;   // the writer moved on
    std::size_t written_ = 0;        // chunks written (guarded by mutex_)
    Clock::time_point start_;
    double seconds_ = 0;
    double cpu_seconds_ = 0;  // of every thread
};

// The batch file in one read (read_input goes character by character, which shows on
// a 4 MB file); standard input and every error case go to read_input.
std::optional<support::SourceText> read_batch_input(const std::string& path, std::string& error) {
    std::error_code ec;
    if (path != "-" && std::filesystem::is_regular_file(path, ec)) {
        std::ifstream file(path, std::ios::binary | std::ios::ate);
        const std::streamoff size = file ? static_cast<std::streamoff>(file.tellg()) : -1;
        if (size >= 0) {
            support::SourceText source;
            source.name = path;
            source.text.resize(static_cast<std::size_t>(size));
            file.seekg(0);
            if (file.read(source.text.data(), size) && file.gcount() == size) {
                support::strip_byte_order_mark(source.text);
                return source;
            }
        }
    }
    return read_input(path, error);
}

// The summary on standard error, written in one piece so that it is not interleaved
// with a progress line.
void write_summary(std::ostream& err, const CommandLine& command, const Batch& batch, const Tally& t, unsigned threads) {
    std::ostringstream s;
    s << "prune: batch: " << t.puzzles << (t.puzzles == 1 ? " puzzle: " : " puzzles: ") << t.solved << " solved";
    if (command.unique) s << " (" << t.unique << " unique, " << t.multiple << " multiple)";
    s << ", " << t.unsat << " unsat, " << t.unknown << " unknown, " << t.errors << (t.errors == 1 ? " error\n" : " errors\n");

    const double seconds = batch.seconds();
    s << "prune: batch: " << fixed(seconds, 3) << " s (cpu " << fixed(batch.cpu_seconds(), 3) << " s), "
      << fixed(seconds > 0 ? static_cast<double>(t.puzzles) / seconds : 0.0, 0) << " puzzles/s with " << threads
      << (threads == 1 ? " thread" : " threads");
    const std::vector<float>& times = batch.times();
    if (!times.empty()) {
        std::vector<float> sorted = times;
        const std::size_t middle = sorted.size() / 2;
        std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(middle), sorted.end());
        const auto longest = std::max_element(times.begin(), times.end());
        s << "; per puzzle: median " << duration_text(sorted[middle]) << ", max " << duration_text(*longest) << " (line "
          << batch.items()[static_cast<std::size_t>(longest - times.begin())].line << ")";
    }
    s << "\n";
    if (command.stats) {
        s << "prune: batch: " << t.nodes << " nodes, " << t.failures << " failures";
        if (command.solve.search.learn) s << ", " << t.learned << " learned nogoods";
        s << "\n";
    }
    if (!t.learning_unavailable.empty()) s << "prune: warning: --learn: " << t.learning_unavailable << "; those searches ran without learning\n";
    err << s.str();
}

}  // namespace

int run_batch(const CommandLine& command, std::ostream& out, std::ostream& err) {
    const puzzles::PuzzleKind* kind = puzzles::Registry::global().find(command.kind);
    if (kind == nullptr) {
        err << "prune: error: unknown puzzle kind '" << command.kind << "'\n";
        return exit_usage;
    }
    std::string error;
    std::optional<support::SourceText> source = read_batch_input(command.files.at(0), error);
    if (!source) {
        err << error << "\n";
        return exit_usage;
    }
    // A file of Tatham game IDs holds one puzzle per line whatever the kind's own format.
    const bool one_line = kind->one_line_form || puzzles::all_lines_game_ids(*source);
    std::vector<BatchItem> items = puzzles::split_batch(source->text, one_line);
    unsigned threads = command.jobs != 0 ? command.jobs : std::max(1u, std::thread::hardware_concurrency());
    threads = static_cast<unsigned>(std::clamp<std::size_t>(items.size(), 1, threads));

    // Progress only for a person watching: standard error is a terminal.
    const bool progress = ProgressLine::stderr_is_terminal(err);
    // Ctrl-C / SIGTERM: the running searches stop, every puzzle not yet answered is
    // `unknown` (each then costs only its parse), and the summary is printed.
    const support::SignalStop signals;
    CommandLine stoppable = command;
    stoppable.solve.search.stop = signals.flag();
    Batch batch(stoppable, *kind, *source, std::move(items), threads);
    const Tally total = batch.run(out, err, progress);
    if (const int signal = signals.raised(); signal != 0) err << "prune: batch stopped by " << support::SignalStop::name(signal) << "\n";
    if (!command.quiet) write_summary(err, command, batch, total, threads);
    if (total.errors > 0) return exit_usage;
    if (total.unknown > 0) return exit_limit;
    return exit_solved;
}

}  // namespace prune::cli
