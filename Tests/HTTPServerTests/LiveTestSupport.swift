import Foundation
import HTTPServer

#if canImport(Glibc)
    import Glibc
#endif

/// A response as a raw-socket client reads it.
struct ReceivedResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client with a receive timeout, for talking to a live server byte by byte.
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1", receiveTimeout: Double = 5) throws {
        let v6 = host.contains(":")
        fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw IOError(errno: errno, function: "socket") }
        var timeout = timeval(
            tv_sec: Int(receiveTimeout), tv_usec: Int((receiveTimeout.truncatingRemainder(dividingBy: 1)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result: Int32
        if v6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw IOError(errno: code, function: "connect")
        }
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Closes with an immediate reset (SO_LINGER 0), as a client that vanishes does.
    func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Reads more bytes; false at end of stream, on error or on timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return false }
        buffer += chunk[..<n]
        return true
    }

    /// True when the server closed the connection (end of stream or reset) before any further byte.
    func readsEndOfStream() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        if n == 0 { return true }
        if n < 0 && errno == ECONNRESET { return true }
        if n == 1 { buffer.append(byte) }
        return false
    }

    /// Whether any byte arrived, without waiting.
    func hasPendingBytes() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0 || !buffer.isEmpty
    }

    /// One response; `bodyless` for the answer to HEAD.
    func readResponse(bodyless: Bool = false) -> ReceivedResponse? {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find([13, 10, 13, 10], in: buffer)
            if headEnd == nil && !fill() { return nil }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: " "))
        }
        var response = ReceivedResponse(status: status, headers: headers, body: [])
        let length = bodyless ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length {
            if !fill() { return nil }
        }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count)
        where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}

extension String {
    fileprivate func components(separatedBy separator: String) -> [String] {
        split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }

    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(self).trimmingCharacters(in: set)
    }
}

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

/// Polls `condition` every 5 ms until it holds or `seconds` pass; returns whether it held. The default is
/// generous because the suite may share a loaded machine; a condition that holds returns at once.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// `GET target HTTP/1.1` with a Host header.
func get(_ target: String, _ extra: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n"
}

/// A plain listening socket without SO_REUSEPORT on a free port: nobody else may bind it.
final class TestListener {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 1) == 0 else { throw IOError(errno: errno, function: "bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { Glibc.close(fd) }
}

/// Runs blocking, timing-sensitive client work on a thread of its own. The concurrency pool has one thread per
/// core, and other suites block theirs with socket reads; a client paced by `Task.sleep` on that pool can stall for
/// seconds on a loaded machine (or under a sanitizer), which would measure the pool instead of the server.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
