import CSystem
import Dispatch
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server: `eventLoops` threads, each with its own epoll instance and connections (the first also
/// accepts, and hands each connection to the least loaded loop), calling the handler on the loop thread.
public final class HTTPServer: Sendable {
    private struct State {
        var loops: [EventLoop] = []
        var started = false
    }

    private let configuration: HTTPServerConfiguration
    private let handler: any HTTPHandler
    private let lifecycle = ServerLifecycle()
    private let counterCells = ServerCounterCells()
    private let workerActivity = WorkerActivity()
    private let state = Lock(State())
    private let boundPort = Atomic<Int>(0)

    public init(configuration: HTTPServerConfiguration, handler: any HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// Binds, listens and starts the loop threads; returns at once. Throws when the address cannot be bound.
    public func start() throws {
        try state.withLock { state throws in
            guard !state.started else { return }
            pr_ignore_sigpipe()
            let listener = try Self.bindListener(configuration)
            boundPort.store(Int(pr_local_port(listener)), ordering: .releasing)
            var loops: [EventLoop] = []
            do {
                for index in 0..<configuration.eventLoops {
                    // The first loop owns the listener from here on, even when its init fails.
                    loops.append(
                        try EventLoop(
                            listener: index == 0 ? listener : nil, configuration: configuration, handler: handler,
                            lifecycle: lifecycle, counterCells: counterCells, workerActivity: workerActivity))
                }
            } catch {
                // The loops made so far own their descriptors but have no thread yet: run them to a stop.
                lifecycle.raise(to: .stop)
                for loop in loops { loop.run() }
                throw error
            }
            for loop in loops { loop.peers = loops }
            state.loops = loops
            state.started = true
            for (index, loop) in loops.enumerated() {
                lifecycle.threads.enter()
                let result = Self.spawn(loop, index: index, group: lifecycle.threads)
                guard result == 0 else {
                    // Out of threads: stop the loops already running, release the others here.
                    lifecycle.threads.leave()
                    lifecycle.raise(to: .stop)
                    for started in loops[..<index] { started.wake() }
                    for unstarted in loops[index...] { unstarted.run() }
                    throw IOError(errno: result, function: "pthread_create")
                }
            }
        }
    }

    /// The bound port (after `start`), the one the kernel chose when the configuration said 0.
    public var localPort: Int { boundPort.load(ordering: .acquiring) }

    /// Connections open now, over all loops.
    public var openConnections: Int { lifecycle.openConnections.load(ordering: .relaxed) }

    /// Totals since start: accepted and rejected connections, protocol errors, timeouts.
    public var counters: HTTPServerCounters { counterCells.snapshot }

    /// Stop accepting, answer in-flight requests with `Connection: close`, close idle connections; returns true
    /// when every connection closed before the deadline (then forces the rest closed and returns false).
    /// The server is stopped when it returns.
    public func drain(deadline: Duration) -> Bool {
        let end = DispatchTime.now() + .nanoseconds(Int(clamping: deadline.nanosecondsClamped))
        lifecycle.raise(to: .drain)
        wakeLoops()
        // The last connection to close signals after the command is `.drain`, and the count is read again after
        // each wake, so a close that comes before the wait begins is not missed; a stale signal only re-checks.
        while lifecycle.openConnections.load(ordering: .acquiring) > 0 {
            if lifecycle.allClosed.wait(timeout: end) == .timedOut { break }
        }
        let clean = openConnections == 0
        stop()
        return clean
    }

    /// Closes every connection and listener at once; the loops exit (see `waitUntilStopped`).
    public func stop() {
        lifecycle.raise(to: .stop)
        wakeLoops()
    }

    /// Blocks until every loop thread has exited, and every worker thread has finished the answer it was making
    /// (at once when the server never started).
    public func waitUntilStopped() {
        lifecycle.threads.wait()
    }

    private func wakeLoops() {
        for loop in state.withLock({ $0.loops }) { loop.wake() }
    }

    /// Starts the loop's thread (named `http-loop-N`, as `top -H` shows it); returns pthread_create's result.
    private static func spawn(_ loop: EventLoop, index: Int, group: DispatchGroup) -> Int32 {
        DetachedThread.start(named: "http-loop-\(index)") {
            loop.run()
            group.leave()
        }
    }

    /// The listening socket, after checking the settings it depends on.
    private static func bindListener(_ configuration: HTTPServerConfiguration) throws -> Int32 {
        guard (0...65_535).contains(configuration.port) else {
            throw HTTPServerError.invalidConfiguration("port \(configuration.port) is out of range 0…65535")
        }
        for (name, value) in [
            ("headerTimeout", configuration.headerTimeout), ("idleTimeout", configuration.idleTimeout),
            ("sendTimeout", configuration.sendTimeout), ("lingerTimeout", configuration.lingerTimeout),
        ] where value <= .zero {
            throw HTTPServerError.invalidConfiguration("\(name) must be positive, not \(value)")
        }
        for (name, value) in [
            ("maxConnections", configuration.maxConnections),
            ("maxRequestsPerConnection", configuration.maxRequestsPerConnection),
            ("backlog", configuration.backlog),
        ] where value < 1 {
            throw HTTPServerError.invalidConfiguration("\(name) must be at least 1, not \(value)")
        }
        guard configuration.eventLoops >= 1 else {
            throw HTTPServerError.invalidConfiguration(
                "eventLoops must be at least 1, not \(configuration.eventLoops)")
        }
        return try bindListener(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
    }

    private static func bindListener(host: String, port: Int, backlog: Int) throws -> Int32 {
        var address = sockaddr_storage()
        var length = socklen_t(0)
        let family = pr_make_address(host, Int32(port), &address, &length)
        guard family >= 0 else {
            throw HTTPServerError.invalidConfiguration(
                "host \"\(host)\" is not an IPv4 or IPv6 address literal (for example 127.0.0.1, 0.0.0.0, ::1, ::)")
        }
        let fd = Int32(try Syscall.blocking("socket") { Int(pr_stream_socket(family)) })
        do {
            try Syscall.setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
            _ = try Syscall.blocking("bind") {
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Int(bind(fd, $0, length)) }
                }
            }
            _ = try Syscall.blocking("listen") { Int(listen(fd, Int32(clamping: backlog))) }
        } catch {
            Syscall.close(fd)
            throw error
        }
        return fd
    }
}
