import Dispatch
import FoundationEssentials
import Glibc

/// SIGTERM, SIGINT and SIGHUP delivered as calls on a queue instead of killing the process.
final class ShutdownSignals {
    private let sources: [any DispatchSourceSignal]
    /// The signals taken: SIGHUP's default action ends a process at once too, so it is taken, as other daemons take
    /// it, to reload the settings.
    static let taken: [(number: Int32, name: String)] = [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")]

    /// Calls `handler` with the signal's name each time SIGTERM or SIGINT arrives, and `hangUp` for SIGHUP.
    init(
        queue: DispatchQueue, hangUp: @escaping @Sendable () -> Void, handler: @escaping @Sendable (String) -> Void
    ) {
        var sources: [any DispatchSourceSignal] = []
        for (number, name) in Self.taken {
            // The default action would end the process at once; the dispatch source sees the signal instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { number == SIGHUP ? hangUp() : handler(name) }
            source.resume()
            sources.append(source)
        }
        // A client that closes early must not end the process: writes then fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        self.sources = sources
    }

    /// Blocks the signals taken in this thread and the threads it starts later, so no thread takes them with a
    /// handler: they stay pending for the process until the dispatch source's signalfd reads them, whatever mask
    /// a parent handed down. Left unblocked, a signal went to some thread's handler first; under ThreadSanitizer,
    /// which defers a handler until its thread leaves the call it waits in, a signal given to the main thread
    /// (waiting for the loops to stop) was never handled, and the server ignored SIGTERM.
    static func block() {
        var mask = sigset_t()
        sigemptyset(&mask)
        for (number, _) in taken { sigaddset(&mask, number) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
