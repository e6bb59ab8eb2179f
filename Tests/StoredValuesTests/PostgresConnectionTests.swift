import Foundation
import TestSupport
import Testing

@testable import StoredValues

/// How a connection fails when the database cannot be reached: within its timeout, and pushes queued behind a
/// slow failure are refused at once, while a quick refusal (a database restarting) is tried again every time.
struct PostgresConnectionTests {
    /// The seconds `body` took, and the error it threw (nil when it did not throw).
    static func timed(_ body: () throws -> Void) -> (seconds: Double, error: String?) {
        let started = Date()
        do {
            try body()
            return (Date().timeIntervalSince(started), nil)
        } catch {
            return (Date().timeIntervalSince(started), (error as? StorageError)?.message ?? "\(error)")
        }
    }

    /// A host that takes the connection and never answers (the kernel completes the handshake; nobody reads):
    /// connecting gives up after `connect_timeout`, and the attempt made right after is refused without waiting.
    @Test func aSilentHostFailsWithinTheTimeoutAndTheNextAttemptWaitsAsLong() throws {
        let silent = try TestListener()
        let connection = try PostgresConnection(
            url: "postgresql://rings@127.0.0.1:\(silent.port)/rings", connectTimeout: 2, connecting: false)
        let first = Self.timed { _ = try connection.ensureConnected() }
        #expect(first.error?.contains("cannot connect") == true, "\(String(describing: first.error))")
        #expect(first.seconds >= 1.5 && first.seconds < 6, "the first attempt took \(first.seconds) s")
        let second = Self.timed { _ = try connection.ensureConnected() }
        #expect(second.error?.contains("not tried again yet") == true, "\(String(describing: second.error))")
        #expect(second.seconds < 0.5, "the second attempt took \(second.seconds) s")
    }

    /// The URL's own `connect_timeout` wins over the default.
    @Test func theURLsOwnTimeoutWins() throws {
        let silent = try TestListener()
        let connection = try PostgresConnection(
            url: "postgresql://rings@127.0.0.1:\(silent.port)/rings?connect_timeout=3", connectTimeout: 2,
            connecting: false)
        let attempt = Self.timed { _ = try connection.ensureConnected() }
        #expect(attempt.error != nil)
        #expect(attempt.seconds >= 2.5 && attempt.seconds < 7, "the attempt took \(attempt.seconds) s")
    }

    /// Nothing listening: refused at once, and tried again at once (no waiting after a quick failure).
    @Test func aRefusedConnectionIsTriedAgainEveryTime() throws {
        let connection = try PostgresConnection(
            url: "postgresql://rings@127.0.0.1:\(try TestListener.closedPort())/rings", connecting: false)
        for _ in 0..<3 {
            let attempt = Self.timed { _ = try connection.ensureConnected() }
            #expect(attempt.error?.contains("Connection refused") == true, "\(String(describing: attempt.error))")
            #expect(attempt.error?.contains("not tried again yet") == false, "a quick refusal was held back")
            #expect(attempt.seconds < 1)
        }
    }
}
