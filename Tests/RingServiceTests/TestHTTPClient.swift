import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking HTTP/1.1 client on one keep-alive connection, small enough to trust: it writes raw requests and
/// reads responses framed by Content-Length.
// Owns a socket; each test uses one client from one thread at a time.
final class TestHTTPClient: @unchecked Sendable {
    struct Response {
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let error = errno
            close(fd)
            throw Failure(description: "connect: errno \(error)")
        }
    }

    deinit { close(fd) }

    /// Sends `GET`/`HEAD`/other to the target and reads the answer.
    func request(
        _ method: String = "GET", _ target: String, headers: [(String, String)] = []
    ) throws -> Response {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        try send(Array(text.utf8))
        return try readResponse(bodyless: method == "HEAD")
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
            offset += n
        }
    }

    func readResponse(bodyless: Bool) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        var end: Int? = nil
        while end == nil {
            if let range = buffer.firstRange(of: separator) { end = range.upperBound } else { try fill() }
        }
        let head = String(decoding: buffer[..<(end! - 4)], as: UTF8.self)
        buffer.removeFirst(end!)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var length = 0
        if !bodyless && status != 304 && status != 204 {
            length = Int(headers.first { $0.name.lowercased() == "content-length" }?.value ?? "0") ?? 0
        }
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw Failure(description: n == 0 ? "connection closed" : "recv: errno \(errno)") }
        buffer += chunk[..<n]
    }
}
