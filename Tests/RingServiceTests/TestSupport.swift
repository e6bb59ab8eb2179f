import Dispatch
import Foundation
import HTTPServer
import RingKit
import Synchronization

@testable import RingService

/// A service with its log off, configured by the test, drawing through `renderer`.
func makeService(
    renderer: any Renderer = RingKitRenderer(), _ change: (inout ServiceConfiguration) -> Void = { _ in }
) -> RingService {
    var config = ServiceConfiguration()
    config.logFormat = .off
    change(&config)
    return RingService(configuration: config, log: ServiceLog(format: .off, level: .info), renderer: renderer)
}

/// RingKit's renderer, counting what the service asks of it, and failing the renders `fails` picks.
final class CountingRenderer: Renderer {
    let parses = Atomic<Int>(0)
    let renders = Atomic<Int>(0)
    let fails: @Sendable (Drawing, ImageFormat) -> Bool

    init(fails: @escaping @Sendable (Drawing, ImageFormat) -> Bool = { _, _ in false }) {
        self.fails = fails
    }

    func parse(_ request: Drawing.Request) throws(ParameterError) -> Drawing {
        parses.add(1, ordering: .relaxed)
        return try Drawing.parse(request)
    }

    func render(_ drawing: Drawing, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        renders.add(1, ordering: .relaxed)
        if fails(drawing, format) { throw RenderError("injected failure") }
        return try drawing.render(format)
    }

    var parseCount: Int { parses.load(ordering: .relaxed) }
    var renderCount: Int { renders.load(ordering: .relaxed) }
}

extension RingService {
    func get(_ target: String, _ headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> HTTPResponse {
        response(to: HTTPRequest(method: method, target: target, headers: headers))
    }

    /// The response as the event loop sends it: made here when the service leaves it to a worker.
    func response(to request: HTTPRequest) -> HTTPResponse {
        switch answer(request) {
        case .now(let response): response
        case .later(let work): work()
        }
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
