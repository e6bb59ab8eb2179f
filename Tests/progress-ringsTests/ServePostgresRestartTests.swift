import Foundation
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real server on a real PostgreSQL that crashes and comes back while writers push and readers draw.
struct ServePostgresRestartTests {
    /// What the writers saw: per writer the last value acknowledged and whether a later one was sent without an
    /// acknowledgement when writing ended, the refusals (503) and the acknowledgements after the database came back;
    /// anything else answered.
    struct Outcome: Sendable {
        var acknowledged = [Int](repeating: 0, count: 8)
        var unacknowledgedAtEnd = [Bool](repeating: false, count: 8)
        var refused = 0
        var acknowledgedAfterRestart = [Int](repeating: 0, count: 8)
        var unexpected: [String] = []
        var imageStatuses: [Int: Int] = [:]
        var firstAcknowledgementAfterRestart: Double?
    }

    /// 8 writers push numbered values while PostgreSQL is stopped as if it crashed (`-m immediate`) and started
    /// again; a writer retries a refused value. Writes during the outage answer 503, images of the values keep
    /// answering 200 with the last values, writing resumes by itself, and a server started afterwards reads every
    /// acknowledged value in order (a value refused while its commit was in flight may be there twice in a row:
    /// the database took it and the answer was lost with the connection; so may a writer's last value, sent and not
    /// acknowledged when writing ended). Writing goes on for 3 s after the database is back however long its
    /// recovery took on a loaded machine (at most 40 s in all), so "resumes" always has time to be seen.
    @Test func acknowledgedWritesSurviveADatabaseCrashUnderLoadAndWritingResumes() async throws {
        let database = try PostgresProcess()
        defer { database.remove() }
        let arguments = [
            "--value-store", database.url, "--value-tokens", "{\"*\": \"\(try ServeStoredValuesTests.digest())\"}",
        ]
        let server = try await ServerProcess.start(arguments)
        defer { server.kill(SIGTERM) }
        let port = server.port
        let outcome = Lock(Outcome())
        let restartedAt = Lock<Date?>(nil)
        let restartFailure = Lock<String?>(nil)
        try await onOwnThread {
            let started = Date()
            let deadline: @Sendable () -> Bool = {
                let now = Date()
                let least = started.addingTimeInterval(6)
                if now > started.addingTimeInterval(40) || restartFailure.withLock({ $0 != nil }) { return now > least }
                guard let back = restartedAt.withLock({ $0 }) else { return false }
                return now > max(least, back.addingTimeInterval(3))
            }
            let restarter = Thread {
                Thread.sleep(forTimeInterval: 1.5)
                do {
                    try database.stop(immediately: true)
                    Thread.sleep(forTimeInterval: 1.5)
                    try database.start()
                    restartedAt.withLock { $0 = Date() }
                } catch {
                    restartFailure.withLock { $0 = "\(error)" }
                }
            }
            restarter.start()
            let done = DispatchGroup()
            for writer in 0..<8 {
                done.enter()
                Thread {
                    defer { done.leave() }
                    Self.write(writer, port: port, until: deadline, restartedAt: restartedAt, outcome: outcome)
                }.start()
            }
            done.enter()
            Thread {
                defer { done.leave() }
                Thread.sleep(forTimeInterval: 0.5)
                guard let client = try? TestClient(port: port) else { return }
                while !deadline() {
                    let status = (try? client.request("GET", "/ring.svg?value=@writer-0").status) ?? 0
                    outcome.withLock { $0.imageStatuses[status, default: 0] += 1 }
                    usleep(5000)
                }
            }.start()
            done.wait()
        }
        let seen = outcome.withLock { $0 }
        #expect(restartFailure.withLock { $0 } == nil)
        #expect(seen.unexpected.isEmpty, "\(seen.unexpected.prefix(3)); the server's log: \(server.log.suffix(2000))")
        #expect(seen.refused > 0, "writes were refused while the database was down")
        #expect(seen.acknowledgedAfterRestart.allSatisfy { $0 > 0 }, "\(seen.acknowledgedAfterRestart)")
        #expect(
            (seen.firstAcknowledgementAfterRestart ?? 99) < 5,
            "\(String(describing: seen.firstAcknowledgementAfterRestart))")
        #expect(Set(seen.imageStatuses.keys) == [200], "image statuses: \(seen.imageStatuses)")

        // A server that starts now reads only what the database holds.
        let reader = try await ServerProcess.start(arguments)
        defer { reader.kill(SIGTERM) }
        let histories = try await ServeStoredValuesTests.writerHistories(port: reader.port)
        for writer in 0..<8 {
            var distinct: [Int] = []
            for value in histories[writer] where distinct.last != value { distinct.append(value) }
            let acked = seen.acknowledged[writer]
            #expect(acked > 0)
            let stored = seen.unacknowledgedAtEnd[writer] && distinct.last == acked + 1 ? acked + 1 : acked
            #expect(
                distinct == Array(1..<(stored + 1)),
                "writer \(writer): \(distinct.suffix(4)) after \(acked) acknowledged")
        }
    }

    /// Pushes `1, 2, 3, …` to `writer-N` until `deadline` says so, retrying a value the server refused with 503.
    static func write(
        _ writer: Int, port: Int, until deadline: () -> Bool, restartedAt: Lock<Date?>, outcome: Lock<Outcome>
    ) {
        var client = try? TestClient(port: port)
        var value = 1
        var sent = false
        defer { outcome.withLock { $0.unacknowledgedAtEnd[writer] = sent } }
        while !deadline() {
            guard let connected = client else {
                client = try? TestClient(port: port)
                continue
            }
            sent = true
            let answer = try? connected.request(
                "PUT", "/values/writer-\(writer)",
                headers: [("Authorization", "Bearer \(ServeStoredValuesTests.token)")], body: Array("\(value)".utf8))
            guard let answer else {
                client = nil
                continue
            }
            switch answer.status {
            case 200:
                let restarted = restartedAt.withLock { $0 }
                outcome.withLock {
                    $0.acknowledged[writer] = value
                    if let restarted {
                        $0.acknowledgedAfterRestart[writer] += 1
                        let after = Date().timeIntervalSince(restarted)
                        $0.firstAcknowledgementAfterRestart = min($0.firstAcknowledgementAfterRestart ?? after, after)
                    }
                }
                value += 1
                sent = false
            case 503:
                outcome.withLock { $0.refused += 1 }
                usleep(20_000)
            default:
                outcome.withLock { $0.unexpected.append("\(answer.status) \(answer.text)") }
                return
            }
        }
    }
}
