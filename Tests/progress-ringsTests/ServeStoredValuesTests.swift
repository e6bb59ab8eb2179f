import Foundation
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Stored values in the real server with a real SQLite file: what it acknowledged survives a kill without warning.
@Suite(.serialized)
struct ServeStoredValuesTests {
    static let token = "pr_kill-test-token"
    /// SHA-256 of the token as the setting writes it, from coreutils' sha256sum (not the server's own code).
    static func digest() throws -> String {
        let run = try ExternalCommand.run("sha256sum", [], input: Array(token.utf8))
        return "sha256:" + String(run.text.prefix(64))
    }

    /// 8 writers push numbered values as fast as the server acknowledges them; the server is killed with SIGKILL
    /// mid-flight. After a restart every acknowledged value is in each history, in order, and nothing else is
    /// there but, at most, the one write in flight when the process died (its 200 never left).
    @Test func everyAcknowledgedWriteSurvivesSIGKILL() async throws {
        let folder = NSTemporaryDirectory() + "stored-kill-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = [
            "--value-store", folder + "/values.db", "--value-tokens", "{\"*\": \"\(try Self.digest())\"}",
        ]
        let first = try await ServerProcess.start(arguments)
        let port = first.port
        let acknowledged = Lock([Int](repeating: 0, count: 8))
        let firstRefusal = Lock<String?>(nil)
        try await onOwnThread {
            let killer = Thread {
                Thread.sleep(forTimeInterval: 1.5)
                first.signal(SIGKILL)
            }
            killer.start()
            // Threads of their own: concurrentPerform runs only as many writers at once as there are cores.
            let done = DispatchGroup()
            for writer in 0..<8 {
                done.enter()
                Thread {
                    defer { done.leave() }
                    guard let client = try? TestClient(port: port) else { return }
                    var value = 1
                    while true {
                        let answer = try? client.request(
                            "PUT", "/values/writer-\(writer)", headers: [("Authorization", "Bearer \(Self.token)")],
                            body: Array("\(value)".utf8))
                        guard let answer, answer.status == 200 else {
                            // The kill ends every writer; an answer other than 200 before it breaks the premise.
                            if let answer {
                                firstRefusal.withLock { $0 = $0 ?? "\(answer.status) \(answer.text)" }
                            }
                            return
                        }
                        acknowledged.withLock { $0[writer] = value }
                        value += 1
                    }
                }.start()
            }
            done.wait()
        }
        await first.exit()
        #expect(first.process.terminationReason == .uncaughtSignal)
        let acks = acknowledged.withLock { $0 }
        #expect(firstRefusal.withLock { $0 } == nil, "the server's log: \(first.log)")
        #expect(acks.allSatisfy { $0 > 0 }, "every writer had writes acknowledged before the kill: \(acks)")

        let second = try await ServerProcess.start(arguments)
        defer { second.kill(SIGTERM) }
        let histories = try await Self.writerHistories(port: second.port)
        for writer in 0..<8 {
            let history = histories[writer]
            let acked = acks[writer]
            // Every acknowledged value, in order; past them at most the one write whose answer never left.
            #expect(Array(history.prefix(acked)) == Array(1..<(acked + 1)), "writer \(writer): \(history.prefix(5))")
            #expect(
                history.count == acked || history == Array(1...(acked + 1)),
                "writer \(writer): \(history.suffix(3)) after \(acked) acknowledged")
        }
    }

    /// The values in the histories of `writer-0` … `writer-7`, oldest first, as the server at `port` reads them.
    static func writerHistories(port: Int) async throws -> [[Int]] {
        try await onOwnThread { () -> [[Int]] in
            let client = try TestClient(port: port)
            return try (0..<8).map { writer in
                let text = try client.request("GET", "/values/writer-\(writer)/history").text
                let items = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
                return items.compactMap { ($0["value"] as? NSNumber)?.intValue }
            }
        }
    }

    /// Two servers on one PostgreSQL database: a push to one is drawn by the other within a second.
    @Test func twoReplicasOnOnePostgreSQLDrawEachOthersPushes() async throws {
        let database = try PostgresProcess()
        defer { database.remove() }
        let arguments = [
            "--value-store", database.url, "--value-tokens", "{\"*\": \"\(try Self.digest())\"}",
        ]
        let first = try await ServerProcess.start(arguments)
        defer { first.kill(SIGTERM) }
        let second = try await ServerProcess.start(arguments)
        defer { second.kill(SIGTERM) }
        #expect(first.log.contains("store=postgresql://postgres@127.0.0.1:\(database.port)/postgres"))
        let (pushed, seen, image, literal) = try await onOwnThread { () -> (Int, Double, [UInt8], [UInt8]) in
            let one = try TestClient(port: first.port)
            let other = try TestClient(port: second.port)
            let status = try one.request(
                "PUT", "/values/coverage", headers: [("Authorization", "Bearer \(Self.token)")],
                body: Array("64.5".utf8)
            ).status
            let started = Date()
            while try other.request("GET", "/values/coverage").status != 200 && Date().timeIntervalSince(started) < 5 {
                usleep(1000)
            }
            let waited = Date().timeIntervalSince(started)
            return (
                status, waited, try other.request("GET", "/ring.svg?value=@coverage").body,
                try other.request("GET", "/ring.svg?value=64.5").body
            )
        }
        #expect(pushed == 200)
        #expect(seen < 1, "the other replica drew the push after \(seen) s")
        #expect(image == literal)
    }
}
