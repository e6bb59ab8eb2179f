import CAllocatorSettings
import CSystem
import Dispatch
import FoundationEssentials
import Glibc
import HTTPServer
import Locking
import RingKit
import RingService

// Linking the module links jemalloc, the process's malloc (left out of the sanitizer builds: see Package.swift).
#if canImport(CJemalloc)
    import CJemalloc
#endif

/// `progress-rings serve`: the HTTP service, until SIGTERM or SIGINT drains and stops it; SIGHUP reloads its settings.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "serve ring images over HTTP until SIGTERM or SIGINT"

    static func run(arguments: [String]) -> ExitStatus {
        if arguments.contains("--version") {
            Console.out("progress-rings \(ProgressRingsVersion.current)")
            return .success
        }
        let options: ServeOptions
        do {
            options = try ServiceConfiguration.load(
                arguments: arguments, environment: ProcessInfo.processInfo.environment)
        } catch {
            Console.error("progress-rings serve: \(error.message)")
            return .usage
        }
        if options.help {
            try? Console.write(Array(ServiceConfiguration.serveUsage.utf8), to: STDOUT_FILENO, target: "stdout")
            return .success
        }
        let config = options.configuration
        if options.printConfig {
            do {
                try Console.write(Array(config.documentedJSON.utf8), to: STDOUT_FILENO, target: "stdout")
            } catch {
                Console.error("progress-rings serve: \(error.message)")
                return .failure
            }
            return .success
        }

        // Before any thread starts, so every thread inherits the blocked shutdown signals.
        ShutdownSignals.block()
        // Under glibc's malloc (the tests, a build without jemalloc): a 2048 px PNG draws on a 16 MiB surface. glibc raises its mmap threshold to the largest block freed, so
        // after the first such image every later one came from the heap and stayed resident: a fixed threshold
        // keeps large blocks mapped and gives them back when freed, which holds RSS near the cache budget.
        _ = pr_fix_mmap_threshold(256 << 10)
        let log = ServiceLog(
            format: config.logFormat, level: config.logLevel, flushInterval: .seconds(config.logFlushInterval))
        let service: RingService
        do {
            service = try RingService(configuration: config, log: log)
        } catch {
            Console.error("progress-rings serve: \(error.message)")
            return .usage
        }
        // The first PNG would otherwise pay for loading fonts and Cairo's caches inside a request.
        PNGRenderer.warmUp()
        let http = config.httpConfiguration
        let server = HTTPServer(configuration: http, handler: service)
        // Weak: the server holds the service as its handler, and a strong capture here made a cycle that kept both
        // (with the log's writer buffer) alive past the end of `run`, which LeakSanitizer reported at exit.
        service.countConnections { [weak server] in server?.openConnections ?? 0 }
        do {
            try server.start()
        } catch {
            log.log(.error, "cannot listen", [("address", "\(config.host):\(config.port)"), ("error", "\(error)")])
            log.close()
            Console.error("progress-rings serve: cannot listen on \(config.host):\(config.port): \(error)")
            return .failure
        }
        log.log(
            .info, "listening",
            [
                ("address", "\(config.host):\(server.localPort)"), ("port", .integer(server.localPort)),
                ("event_loops", .integer(http.eventLoops)), ("cache_bytes", .integer(config.cacheBytes)),
                ("cache_entries", .integer(config.cacheEntries)), ("pid", .integer(Int(getpid()))),
                ("version", .text(ProgressRingsVersion.current)),
                ("allocator", .text(String(cString: pr_allocator_settings()))),
            ])

        let reason = Lock<String?>(nil)
        let drained = Lock<Bool?>(nil)
        // drain() stops the loops itself before it returns, so the main thread can wake from waitUntilStopped
        // before the drain's result is stored: it waits for this group to log the true outcome.
        let drainFinished = DispatchGroup()
        // Set by a second signal: the main thread stops waiting for the drain, and a drain not yet begun is not.
        let stopNow = Lock(false)
        let queue = DispatchQueue(label: "shutdown")
        // The drain waits on a queue of its own, so a second signal is handled while it waits (on `queue` it was
        // not until the drain ended).
        let drainQueue = DispatchQueue(label: "drain")
        let signals = ShutdownSignals(
            queue: queue,
            hangUp: {
                // The settings read as at start, from the same file, environment and flags; the service logs which
                // changed, or why the new ones were refused and the running ones kept.
                service.reload(arguments: arguments, environment: ProcessInfo.processInfo.environment)
            }
        ) { name in
            let first = reason.withLock { current -> Bool in
                if current != nil { return false }
                current = name
                return true
            }
            guard first else {
                // A second signal while draining: the operator wants out now.
                log.log(.warn, "stopping at once", [("signal", .text(name))])
                stopNow.withLock { $0 = true }
                server.stop()
                return
            }
            service.beginDraining()
            drainFinished.enter()
            log.log(
                .info, "draining",
                [
                    ("signal", .text(name)), ("drain_delay_s", .decimal(config.drainDelay)),
                    ("drain_deadline_s", .decimal(config.drainDeadline)),
                ])
            drainQueue.asyncAfter(deadline: .now() + config.drainDelay) {
                defer { drainFinished.leave() }
                guard !stopNow.withLock({ $0 }) else { return }
                let clean = server.drain(deadline: .milliseconds(Int64((config.drainDeadline * 1000).rounded())))
                drained.withLock { $0 = clean }
                server.stop()
            }
        }
        server.waitUntilStopped()
        // After a second signal the drain delay is not waited out: the operator asked to stop now.
        if !stopNow.withLock({ $0 }) { _ = drainFinished.wait(timeout: .now() + config.drainDelay + 1) }
        signals.cancel()
        let why = reason.withLock { $0 } ?? "server stopped"
        let clean = drained.withLock { $0 }
        log.log(
            .info, "stopped",
            [
                ("reason", .text(why)),
                (
                    "drained",
                    .text(
                        clean.map { $0 ? "all requests finished" : "deadline passed with requests in flight" } ?? "no")
                ),
            ])
        log.close()
        return .success
    }
}
