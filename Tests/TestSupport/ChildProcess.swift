import CTestSpawn
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program the tests started: the one way every test helper starts one (`ExternalCommand`, `ServerProcess`,
/// `FixtureServer`, `PrometheusProcess`). Unlike Foundation's `Process`, it gives the child no descriptor of the
/// test process but the three it asks for (see `CTestSpawn.h`), and a thread of its own waits for the exit, so one
/// child's end is seen at once however long another child, started in the same instant, lives. (With `Process`,
/// among parallel tests, a 0.5 s `check` was seen to end after 59 s: a server started beside it had inherited the
/// socket through which Foundation learns of its exit, and the tests waiting on it held the test pool meanwhile.)
public final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard descriptors goes.
    public enum Stream {
        /// The test process's own.
        case inherited
        /// `/dev/null`.
        case null
        /// A new pipe; the test's end is `input`, `output` or `errors`.
        case pipe
    }

    /// How the child ended, as Foundation's `Process` names it.
    public enum TerminationReason: Sendable { case exit, uncaughtSignal }

    public let processIdentifier: pid_t
    /// The write end of the child's standard input, with `.pipe`.
    public let input: FileHandle?
    /// The read ends of the child's standard output and standard error, with `.pipe`.
    public let output: FileHandle?
    public let errors: FileHandle?

    private let lock = NSLock()
    private var status: (reason: TerminationReason, value: Int32)?
    private let ended = DispatchGroup()

    /// Starts `executable` with `arguments`; `environment` nil passes the test process's own.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input inputStream: Stream = .null, output outputStream: Stream = .inherited,
        errors errorStream: Stream = .inherited
    ) throws {
        var opened: [Int32] = []
        defer { for fd in opened { close(fd) } }
        // Each stream as (the child's descriptor, the test's end).
        func open(_ stream: Stream, childReads: Bool) throws -> (child: Int32, ours: FileHandle?) {
            switch stream {
            case .inherited: return (-1, nil)
            case .null:
                let fd = Glibc.open("/dev/null", (childReads ? O_RDONLY : O_WRONLY) | O_CLOEXEC)
                guard fd >= 0 else { throw TestFailure("cannot open /dev/null: \(String(cString: strerror(errno)))") }
                opened.append(fd)
                return (fd, nil)
            case .pipe:
                var fds: [Int32] = [-1, -1]
                guard pr_test_pipe(&fds) == 0 else {
                    throw TestFailure("cannot make a pipe: \(String(cString: strerror(errno)))")
                }
                let (child, ours) = childReads ? (fds[0], fds[1]) : (fds[1], fds[0])
                opened.append(child)
                return (child, FileHandle(fileDescriptor: ours, closeOnDealloc: true))
            }
        }
        let stdin = try open(inputStream, childReads: true)
        let stdout = try open(outputStream, childReads: false)
        let stderr = try open(errorStream, childReads: false)
        input = stdin.ours
        output = stdout.ours
        errors = stderr.ours

        func cStrings(_ words: [String]) -> [UnsafeMutablePointer<CChar>?] { words.map { strdup($0) } + [nil] }
        let argv = cStrings([executable] + arguments)
        let envp = cStrings((environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" })
        defer { for word in argv + envp { free(word) } }
        var pid: pid_t = 0
        let result = pr_test_spawn(&pid, executable, argv, envp, directory, stdin.child, stdout.child, stderr.child)
        guard result == 0 else {
            throw TestFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
        ended.enter()
        Thread { [self] in reap() }.start()
    }

    /// Waits for the exit on this thread, then reaps. `WNOWAIT` keeps the child a zombie until `status` is set, so
    /// `signal` (which reads `status` under the same lock) never hits a number the system has given to another.
    private func reap() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        var raw: Int32 = 0
        lock.withLock {
            var reaped: pid_t = -1
            repeat { reaped = waitpid(processIdentifier, &raw, 0) } while reaped < 0 && errno == EINTR
            // Only this thread reaps the child: anything else would be a bug here, not an exit status.
            precondition(reaped == processIdentifier, "child \(processIdentifier) was reaped elsewhere")
            let signalled = raw & 0x7f != 0
            status = signalled ? (.uncaughtSignal, raw & 0x7f) : (.exit, (raw >> 8) & 0xff)
        }
        ended.leave()
    }

    public var isRunning: Bool { lock.withLock { status == nil } }

    /// Sends `signal` unless the child has already ended.
    public func signal(_ signal: Int32) {
        lock.withLock {
            if status == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Blocks until the child has ended.
    public func waitUntilExit() { ended.wait() }

    /// Blocks until the child has ended or `timeout` has passed; true if it ended.
    public func waitUntilExit(timeout: Duration) -> Bool {
        ended.wait(timeout: .now() + timeout.dispatchInterval) == .success
    }

    /// Returns once the child has ended, without holding a pool thread.
    public func exit() async { await ended.completion() }

    /// The exit status, or the signal that ended it; only once it has ended.
    public var terminationStatus: Int32 {
        lock.withLock {
            guard let status else { preconditionFailure("the child \(processIdentifier) is still running") }
            return status.value
        }
    }

    public var terminationReason: TerminationReason {
        lock.withLock {
            guard let status else { preconditionFailure("the child \(processIdentifier) is still running") }
            return status.reason
        }
    }
}
