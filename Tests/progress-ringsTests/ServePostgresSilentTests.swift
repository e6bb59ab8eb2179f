import Foundation
import Locking
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL that is up but answers nothing (every process stopped with SIGSTOP: connections stay open and the
/// kernel acknowledges every byte, so no TCP timeout fires) cannot hold the store's writer queue: the push in the
/// database's hands and those queued behind it are answered 503 within `valueStatementTimeout` and half a second,
/// images keep their values meanwhile, and writing resumes once the database wakes.
@Suite(.serialized)
struct ServePostgresSilentTests {
    static let statementTimeout = 1.0

    @Test func pushesToASilentDatabaseAre503WithinTheStatementTimeout() async throws {
        let database = try PostgresProcess()
        defer { database.remove() }
        let arguments = [
            "--value-store", database.url, "--value-tokens", "{\"*\": \"\(try ServeStoredValuesTests.digest())\"}",
            "--value-statement-timeout", "\(Self.statementTimeout)", "--drain-delay", "0",
        ]
        let server = try await ServerProcess.start(arguments)
        defer { server.kill(SIGKILL) }
        let port = server.port
        @Sendable func push(_ value: Int) throws -> (status: Int, took: Duration) {
            let started = ContinuousClock.now
            let response = try TestClient(port: port, receiveTimeout: 30).request(
                "PUT", "/values/coverage", headers: [("Authorization", "Bearer \(ServeStoredValuesTests.token)")],
                body: Array("\(value)".utf8))
            return (response.status, ContinuousClock.now - started)
        }
        #expect(try push(10).status == 200)

        try database.signal(SIGSTOP)
        // Four pushes at once: one reaches the database, three wait in the writer queue behind it.
        let answers = try await withThrowingTaskGroup(of: (status: Int, took: Duration).self) { group in
            for value in 11...14 { group.addTask { try await onOwnThread { try push(value) } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let bound = Duration.seconds(Self.statementTimeout + 0.5 + 1.5)
        for answer in answers {
            #expect(answer.status == 503, "\(answers)")
            #expect(answer.took < bound, "a push waited \(answer.took) on a silent database: \(answers)")
        }
        // Images are drawn from memory: the last acknowledged value, at once.
        let image = try TestClient(port: port).request("GET", "/ring.svg?value=@coverage&label={value}")
        #expect(image.status == 200)
        #expect(String(decoding: image.body, as: UTF8.self).contains(">10<"))

        try database.signal(SIGCONT)
        let resumed = await eventually(within: 30) { (try? push(15))?.status == 200 }
        #expect(resumed, "pushes did not resume once the database answered again: \(server.log.suffix(2000))")
        server.signal(SIGTERM)
        await server.exit()
        #expect(server.process.terminationStatus == 0)
    }
}
