import Dispatch
import FoundationEssentials
import Glibc

/// SIGTERM and SIGINT delivered as calls on a queue instead of killing the process.
final class ShutdownSignals {
    private let sources: [any DispatchSourceSignal]

    /// Calls `handler` with the signal's name each time SIGTERM or SIGINT arrives.
    init(queue: DispatchQueue, handler: @escaping @Sendable (String) -> Void) {
        Self.unblock()
        var sources: [any DispatchSourceSignal] = []
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            // The default action would end the process at once; the dispatch source sees the signal instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(name) }
            source.resume()
            sources.append(source)
        }
        // A client that closes early must not end the process: writes then fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        self.sources = sources
    }

    /// Unblocks SIGTERM and SIGINT in this thread and the threads it starts later. A parent may hand down a
    /// mask that blocks them (test runners and some supervisors do): a blocked signal stays pending and the
    /// process would never drain.
    static func unblock() {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTERM)
        sigaddset(&mask, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
