import HTTPServer

/// Answers `/big` with 4 MiB, `/slow-…` paths and everything else with the request target echoed back.
struct TestHandler: HTTPHandler {
    static let big = HTTPResponse(
        status: .ok, headers: ["Content-Type": "application/octet-stream"],
        body: [UInt8](repeating: 0x61, count: 4 << 20))

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        if request.path == "/big" { return .now(Self.big) }
        return .now(
            HTTPResponse(
                status: .ok, headers: [.contentType: "text/plain"],
                body: Array("\(request.method) \(request.target)".utf8)))
    }
}

/// A live server on 127.0.0.1 and a free port, stopped after `body`.
func withLiveServer(
    _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (HTTPServer, Int) async throws -> Void
) async throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.eventLoops = 2
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: TestHandler())
    try server.start()
    defer {
        server.stop()
        server.waitUntilStopped()
    }
    try await body(server, server.localPort)
}

/// `GET target HTTP/1.1` with a Host header.
func get(_ target: String, _ extra: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n"
}
