#if canImport(Glibc)
    import Glibc
#endif

/// A blocking HTTP/1.1 client on one connection, small enough to trust: it writes raw bytes or whole requests and
/// reads responses framed by Content-Length, with a receive timeout so a silent server fails a test instead of
/// hanging it. The byte-level calls (`send`, `readResponse`, `readsEndOfStream`, `reset`) let transport tests
/// misbehave on purpose; `request` is the polite way in.
// Owns a socket; each test uses one client from one thread at a time.
public final class TestClient: @unchecked Sendable {
    private var fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `host` (IPv4, or IPv6 with a colon) on `port`. `receiveBuffer` shrinks the socket's receive
    /// buffer before connecting, so a response larger than it stays backed up in the server.
    public init(
        port: Int, host: String = "127.0.0.1", receiveTimeout: Double = 10, receiveBuffer: Int32? = nil
    ) throws {
        fd = socket(host.contains(":") ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        var timeout = timeval(
            tv_sec: Int(receiveTimeout), tv_usec: Int(receiveTimeout.truncatingRemainder(dividingBy: 1) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let socket = fd
        let result = LoopbackAddress.with(host: host, port: port) { connect(socket, $0, $1) }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            // `deinit` runs after an initializer that throws once every property is set: it must not close the
            // number again, which by then may be another thread's pipe or socket (the likely cause of a child
            // process's standard error once arriving in its standard output pipe, in a CI run).
            fd = -1
            throw TestFailure("connect to \(host):\(port): errno \(code)")
        }
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// Sends a request for `target` with a Host field and `headers` (and `body`, with its Content-Length), and
    /// reads its answer.
    public func request(
        _ method: String = "GET", _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
    ) throws -> ReceivedResponse {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body { text += "Content-Length: \(body.count)\r\n" }
        text += "\r\n"
        guard send(Array(text.utf8) + (body ?? [])) else {
            throw TestFailure("\(method) \(target): send failed, errno \(errno)")
        }
        guard let response = readResponse(bodyless: method == "HEAD") else {
            throw TestFailure("\(method) \(target): no whole response before the connection ended or timed out")
        }
        return response
    }

    /// Sends every byte; false when the connection refused them (closed, reset).
    @discardableResult
    public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Sends every byte; false when the connection refused them (closed, reset).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Closes the sending half: the server reads end of input after what was sent.
    public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Closes at once with a reset (SO_LINGER 0), as a client that vanishes does.
    public func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        Glibc.close(fd)
        fd = -1
    }

    /// True when the server closed the connection (end of stream or reset) before any further byte.
    public func readsEndOfStream() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        if n == 0 { return true }
        if n < 0 && errno == ECONNRESET { return true }
        if n == 1 { buffer.append(byte) }
        return false
    }

    /// Whether any byte arrived, without waiting.
    public func hasPendingBytes() -> Bool {
        var byte: UInt8 = 0
        return !buffer.isEmpty || recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// One response, or nil when the connection ends or times out first. `bodyless` for the answer to HEAD; a
    /// 1xx, 204 or 304 has no content whatever its Content-Length says.
    public func readResponse(bodyless: Bool = false) -> ReceivedResponse? {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd = buffer.firstRange(of: separator)
        while headEnd == nil {
            guard fill() else { return nil }
            headEnd = buffer.firstRange(of: separator)
        }
        let head = String(decoding: buffer[..<headEnd!.lowerBound], as: UTF8.self)
        buffer.removeFirst(headEnd!.upperBound)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            return (String(line[..<colon]), String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
        }
        var response = ReceivedResponse(status: status, headers: headers, body: [])
        let hasContent = !bodyless && status >= 200 && status != 204 && status != 304
        let length = hasContent ? Int(response.header("Content-Length") ?? "0") ?? 0 : 0
        while buffer.count < length {
            guard fill() else { return nil }
        }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Reads more bytes; false at end of stream, on error or on timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return false }
        buffer += chunk[..<n]
        return true
    }
}
