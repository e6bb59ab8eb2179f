import Foundation
import HTTPServer
import RingService

// `ring-bench --signed-hits`: what a signature adds to a cached hit (through `RingService.answer`, in this process:
// no network, no HTTP parsing, on one thread's CPU clock). The signed rows are the unsigned ring's image, drawn from
// its cache entry once the signature is checked; the rows are measured in alternating rounds and compared as
// medians of the rounds.

/// Median CPU µs of a cached hit, unsigned and signed, over `rounds` alternating rounds.
func signedHitTable(rounds: Int) throws {
    let folder = NSTemporaryDirectory() + "ring-bench-signed-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let token = "pr_ring-bench-signed-hits"
    let key = URLKey(name: "web", secret: Array("a benchmark secret of thirty-two bytes or more".utf8))
    var configuration = ServiceConfiguration()
    configuration.logFormat = .off
    configuration.values.store = folder + "/values.db"
    configuration.values.tokens = ["*": [RingService.valueTokenDigest(Array(token.utf8))]]
    configuration.signing.keys = [key]
    configuration.signing.privateValues = ["internal.*"]
    let service = try RingService(configuration: configuration, log: ServiceLog(format: .off, level: .error))
    let body = Array("99.2".utf8)
    let push = HTTPRequest(
        method: .put, target: "/values/internal.sla",
        headers: ["Content-Length": "\(body.count)", "Authorization": "Bearer " + token], body: body)
    guard response(service, push).status == .ok else { throw BenchError("the push was not stored") }
    let query = "value=87.4&size=128&color=%23e11d48&label=%7Bvalue%7D%25"
    let expires = Int64(Date().timeIntervalSince1970) + 86400
    func signed(_ path: String, _ query: String, expires: Int64? = nil) throws -> String {
        try RingService.signedURL(path: path, query: query, key: key, expires: expires)
    }
    // Each URL of the full-check row once per cycle: another expiry each, so the image is the cached one and the
    // signature is not one the service has seen (the memo of verified targets holds far fewer than this).
    let fresh = try (0..<50_000).map { try signed("/ring.svg", query, expires: expires + Int64($0)) }
    var next = 0
    let unkeyed = try RingService(
        configuration: {
            var plain = ServiceConfiguration()
            plain.logFormat = .off
            return plain
        }(), log: ServiceLog(format: .off, level: .error))
    let rows = [
        ("cached ring, unsigned", "/ring.svg?" + query),
        ("the same ring, signed", try signed("/ring.svg", query)),
        ("the same, signed with exp", try signed("/ring.svg", query, expires: expires)),
        ("private value=@name, signed", try signed("/ring.svg", "value=@internal.sla&size=128")),
    ]
    for row in rows where response(service, HTTPRequest(method: .get, target: row.1)).status != .ok {
        throw BenchError("\(row.0) was not answered 200")
    }
    let extra = ["the same ring, on a server with no urlKeys", "signed, each URL new (checked in full)"]
    var medians = [[Double]](repeating: [], count: rows.count + extra.count)
    for _ in 0..<rounds {
        for (index, row) in rows.enumerated() {
            medians[index].append(measure(seconds: 0.3, batch: 20) { answer(service, row.1) }.median)
        }
        medians[rows.count].append(measure(seconds: 0.3, batch: 20) { answer(unkeyed, rows[0].1) }.median)
        medians[rows.count + 1].append(
            measure(seconds: 0.3, maxIterations: 2000, batch: 20) {
                next = (next + 1) % fresh.count
                return answer(service, fresh[next])
            }.median)
    }
    let perRow = medians.map { $0.sorted()[$0.count / 2] }
    print("Cached hits through `RingService.answer`, one thread: median CPU µs of \(rounds) alternating rounds.\n")
    print("| image | µs a hit | − unsigned (µs) |\n|---|---:|---:|")
    for (index, row) in (rows.map(\.0) + extra).enumerated() {
        print("| \(row) | \(us(perRow[index])) | \(String(format: "%+.2f", perRow[index] - perRow[0])) |")
    }
}
