import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real PostgreSQL (Debian's `postgresql`, installed by `make test`): a cluster made by `initdb` in a temporary
/// directory, listening on 127.0.0.1 and a free port, trust authentication for the user `postgres`. PostgreSQL
/// refuses to run as root, so when the tests run as root its programs run as the `postgres` user (`runuser`).
/// `stop` and `start` let a test take the database away and bring it back; `remove` stops it and deletes it.
public final class PostgresProcess: @unchecked Sendable {
    public let port: Int
    private let directory: String
    private let bin: String

    public init() throws {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted {
            Int($0) ?? 0 < Int($1) ?? 0
        }
        guard let version = versions?.last,
            FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/pg_ctl")
        else {
            throw TestFailure("PostgreSQL is missing: run .ci/lib/deps.sh postgresql (make test installs it)")
        }
        bin = "\(root)/\(version)/bin"
        directory = NSTemporaryDirectory() + "postgres-\(UUID().uuidString)"
        port = try TestListener.closedPort()
        try FileManager.default.createDirectory(atPath: directory + "/socket", withIntermediateDirectories: true)
        if getuid() == 0 {
            guard let user = getpwnam("postgres") else { throw TestFailure("no postgres user to run PostgreSQL as") }
            for path in [directory, directory + "/socket"] { chown(path, user.pointee.pw_uid, user.pointee.pw_gid) }
        }
        try run("initdb", ["-D", directory + "/data", "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"])
        try start()
    }

    /// The URL a configuration names the database by.
    public var url: String { "postgresql://postgres@127.0.0.1:\(port)/postgres" }

    /// Starts the server and waits until it accepts connections.
    public func start() throws {
        try run(
            "pg_ctl",
            [
                "-D", directory + "/data", "-w", "-t", "30", "-l", directory + "/log", "-o",
                "-p \(port) -k \(directory)/socket -c listen_addresses=127.0.0.1", "start",
            ])
    }

    /// Stops the server at once (`immediate`: as if it crashed) or cleanly (`fast`).
    public func stop(immediately: Bool = false) throws {
        try run("pg_ctl", ["-D", directory + "/data", "-w", "-m", immediately ? "immediate" : "fast", "stop"])
    }

    /// The server's processes: the postmaster (the first line of `postmaster.pid`) and its children (the backends
    /// and workers), from `/proc`.
    public func processes() throws -> [pid_t] {
        let pidFile = try String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8)
        guard let line = pidFile.split(separator: "\n").first, let postmaster = pid_t(line) else {
            throw TestFailure("postmaster.pid holds no process id: \(pidFile)")
        }
        var all = [postmaster]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's closing parenthesis: state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == postmaster { all.append(pid) }
        }
        return all
    }

    /// Sends `signal` to every process of the server: SIGSTOP leaves it live but silent (its sockets stay open and
    /// the kernel acknowledges what is sent to them, so only a client's own deadline notices), SIGCONT wakes it.
    public func signal(_ signal: Int32) throws {
        for pid in try processes() { _ = kill(pid, signal) }
    }

    /// Stops the server and deletes its files.
    public func remove() {
        try? signal(SIGCONT)
        try? stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func run(_ program: String, _ arguments: [String]) throws {
        let command = getuid() == 0 ? ["runuser", "-u", "postgres", "--", "\(bin)/\(program)"] : ["\(bin)/\(program)"]
        let result = try ExternalCommand.run(command[0], Array(command.dropFirst()) + arguments)
        guard result.status == 0 else {
            throw TestFailure("\(program) failed (\(result.status)): \(result.errors) \(result.text)")
        }
    }
}
