import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

// The benchmark's server: a fixed 7 KiB body with the headers nginx sends for a static file, so both servers
// write the same number of bytes per response. Usage: http-bench-server PORT [EVENT_LOOPS]

/// Answers every request with the same pre-serialized response.
struct FixedResponder: HTTPHandler {
    let response: HTTPResponse
    let notFound = HTTPResponse(
        status: .notFound, headers: ["Content-Type": "text/plain"], body: Array("not found\n".utf8))

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        .now(request.path == "/bench.txt" ? response : notFound)
    }
}

let arguments = CommandLine.arguments
var configuration = HTTPServerConfiguration()
configuration.port = arguments.count > 1 ? Int(arguments[1]) ?? 8081 : 8081
if arguments.count > 2, let loops = Int(arguments[2]) { configuration.eventLoops = loops }

let body = [UInt8](repeating: UInt8(ascii: "x"), count: 7 * 1024)
let responder = FixedResponder(
    response: HTTPResponse(
        status: .ok,
        headers: [
            "Server": "nginx/1.22.1",
            "Content-Type": "text/plain",
            "Last-Modified": "Sun, 29 Nov 2026 00:00:00 GMT",
            "ETag": "\"6a2a5a00-1c00\"",
            "Accept-Ranges": "bytes",
        ],
        body: body))
let server = HTTPServer(configuration: configuration, handler: responder)
do {
    try server.start()
} catch {
    print("http-bench-server: \(error)")
    exit(1)
}
print("http-bench-server listening on 127.0.0.1:\(server.localPort) with \(configuration.eventLoops) event loops")
server.waitUntilStopped()
