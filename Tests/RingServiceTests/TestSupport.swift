import Dispatch
import Foundation
import HTTPServer
import RingKit

@testable import RingService

/// A service with its log off, configured by the test.
func makeService(_ change: (inout ServiceConfiguration) -> Void = { _ in }) -> RingService {
    var config = ServiceConfiguration()
    config.logFormat = .off
    change(&config)
    return RingService(configuration: config, log: ServiceLog(format: .off, level: .info))
}

extension RingService {
    func get(_ target: String, _ headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> HTTPResponse {
        handle(HTTPRequest(method: method, target: target, headers: headers))
    }
}

extension HTTPResponse {
    /// Header fields parsed back from the serialized head, as a client would see them.
    var wireHeaders: [(name: String, value: String)] {
        let text = String(decoding: head, as: UTF8.self)
        return text.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            )
        }
    }

    func header(_ name: String) -> String? {
        wireHeaders.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// The package root, to find `config/` and the built binary.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

// Swift Testing runs test functions on the concurrency pool, which has one thread per core: a test that blocks
// one of them for long starves the timing-sensitive tests of other suites running beside it. Long waits and long
// loops therefore run on threads of their own.

extension DispatchGroup {
    /// Waits for the group without holding a pool thread.
    func completion() async {
        await withCheckedContinuation { continuation in
            notify(queue: .global()) { continuation.resume() }
        }
    }
}

/// Runs blocking or long work on a thread of its own and returns its result. Expectations stay in the caller.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
