import Foundation
import HTTPServer
import RingService
import Synchronization

// `ring-bench --stored-hits`: what an image of a stored value costs the service once it is cached (a hit through
// `RingService.answer`, in this process: no network, no HTTP parsing, on one thread's CPU clock), and what its
// freshness rules add to it. The rows are measured in alternating rounds and compared as medians of the rounds.

/// Median CPU µs of a cached hit for each target, over `rounds` alternating rounds.
func storedHitTable(rounds: Int) throws {
    let folder = NSTemporaryDirectory() + "ring-bench-stored-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let token = "pr_ring-bench-stored-hits"
    var configuration = ServiceConfiguration()
    configuration.logFormat = .off
    configuration.values.store = folder + "/values.db"
    configuration.values.tokens = ["*": [RingService.valueTokenDigest(Array(token.utf8))]]
    let service = try RingService(configuration: configuration, log: ServiceLog(format: .off, level: .error))
    let body = Array("87.4".utf8)
    let push = HTTPRequest(
        method: .put, target: "/values/coverage",
        headers: ["Content-Length": "\(body.count)", "Authorization": "Bearer " + token], body: body)
    guard response(service, push).status == .ok else { throw BenchError("the push was not stored") }
    let rows = [
        ("cached ring, value in the URL", "/ring.svg?value=87.4&size=128"),
        ("the same ring, value=@name", "/ring.svg?value=@coverage&size=128"),
        ("the same, staleAfter=30d (fresh)", "/ring.svg?value=@coverage&size=128&staleAfter=30d"),
        ("the same, label {age}", "/ring.svg?value=@coverage&size=128&label=%7Bage%7D"),
        ("a year's share, from and to", "/ring.svg?from=2026-01-01&to=2027-01-01&size=128"),
    ]
    var medians = [[Double]](repeating: [], count: rows.count)
    for _ in 0..<rounds {
        for (index, row) in rows.enumerated() {
            medians[index].append(measure(seconds: 0.3, batch: 20) { answer(service, row.1) }.median)
        }
    }
    let perRow = medians.map { $0.sorted()[$0.count / 2] }
    print("Cached hits through `RingService.answer`, one thread: median CPU µs of \(rounds) alternating rounds.\n")
    print("| image | µs a hit | ÷ value=@name |\n|---|---:|---:|")
    for (index, row) in rows.enumerated() {
        print("| \(row.0) | \(us(perRow[index])) | \(String(format: "%.2f", perRow[index] / perRow[1])) |")
    }
}

/// The service's response to `request`, waited for on this thread where it is answered later (a push is answered
/// once the point is durable).
func response(_ service: RingService, _ request: HTTPRequest) -> HTTPResponse {
    switch service.answer(request) {
    case .now(let response): return response
    case .later(let work, _, _): return work()
    case .whenReady(let start):
        let done = DispatchSemaphore(value: 0)
        let answered = Mutex<HTTPResponse?>(nil)
        start { response in
            answered.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return answered.withLock { $0 }!
    }
}
