import Glibc
import RingKit

/// One HTTP/1.1 GET to a loopback address, for `check`: connect, send the request, read the status line, all
/// within one deadline. Deliberately not a general client (no DNS, TLS, redirects or body parsing): Foundation's
/// URLSession would bring libcurl and its libraries into the image for a request that never leaves the machine.
struct LoopbackHTTPGet {
    /// The status line of an answer: `200` and `OK`.
    struct Answer: Equatable {
        var status: Int
        var reason: String
    }

    /// Why no status came back, as a sentence for the command line.
    struct Failure: Error, Equatable {
        var message: String
    }

    let url: LoopbackURL
    let timeout: Duration
    /// Bytes read at most: the status line and, so the server is not reset mid-answer, a small body.
    let readLimit = 64 << 10

    func run() throws(Failure) -> Answer {
        let deadline = ContinuousClock.now + timeout
        let descriptor = socket(
            url.family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(message: "cannot open a socket: \(Self.reason(errno))") }
        defer { close(descriptor) }

        try connect(descriptor, deadline: deadline)
        let request = Array(
            ("GET \(url.target) HTTP/1.1\r\nHost: \(url.hostField)\r\nUser-Agent: progress-rings-check\r\n"
                + "Connection: close\r\n\r\n").utf8)
        var sent = 0
        while sent < request.count {
            try wait(descriptor, for: Int16(POLLOUT), until: deadline, doing: "sending the request")
            let n = request.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure(message: "\(url) refused the request: \(Self.reason(errno))")
            }
            sent += n
        }

        var received: [UInt8] = []
        var answer: Answer?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < readLimit {
            do {
                try wait(descriptor, for: Int16(POLLIN), until: deadline, doing: "waiting for the answer")
            } catch {
                // The status is what matters; a body that is slow to end does not change it.
                if let answer { return answer }
                throw error
            }
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if let answer { return answer }
                throw Failure(message: "\(url) dropped the connection: \(Self.reason(errno))")
            }
            if n == 0 { break }
            received += buffer[..<n]
            if answer == nil, let end = Self.lineEnd(in: received) {
                answer = try statusLine(received[..<end])
            }
            if answer == nil, received.count > 1024 {
                throw Failure(message: "\(url) answered with no status line in its first 1024 bytes")
            }
        }
        guard let answer else {
            throw Failure(message: "\(url) closed the connection before answering")
        }
        return answer
    }

    private func connect(_ descriptor: Int32, deadline: ContinuousClock.Instant) throws(Failure) {
        var result: Int32
        if url.family == AF_INET6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = url.port.bigEndian
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: url.address) }
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = url.port.bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: url.address) }
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        if result == 0 { return }
        guard errno == EINPROGRESS || errno == EINTR else {
            throw Failure(message: "cannot connect to \(url): \(Self.reason(errno))")
        }
        try wait(descriptor, for: Int16(POLLOUT), until: deadline, doing: "connecting")
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else {
            throw Failure(message: "cannot connect to \(url): \(Self.reason(errno))")
        }
        guard error == 0 else { throw Failure(message: "cannot connect to \(url): \(Self.reason(error))") }
    }

    /// Waits until the socket is ready for `events`, or throws once the deadline has passed.
    private func wait(
        _ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant, doing what: String
    ) throws(Failure) {
        while true {
            let left = deadline - ContinuousClock.now
            let (seconds, attoseconds) = left.components
            let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            guard left > .zero, milliseconds > 0 else {
                throw Failure(message: "no answer from \(url) within \(Self.secondsText(timeout)) s (\(what))")
            }
            var poller = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&poller, 1, Int32(clamping: milliseconds))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw Failure(message: "cannot wait for \(url): \(Self.reason(errno))")
            }
        }
    }

    /// Reads `HTTP/1.x DDD reason`.
    private func statusLine(_ line: ArraySlice<UInt8>) throws(Failure) -> Answer {
        let text = String(decoding: line, as: UTF8.self)
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].count == 3,
            let status = Int(parts[1]), (100...599).contains(status)
        else {
            throw Failure(message: "\(url) answered \(ParameterError.quoted(text)), which is not an HTTP status line")
        }
        return Answer(status: status, reason: parts.count > 2 ? String(parts[2]) : "")
    }

    private static func lineEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0..<(bytes.count - 1) where bytes[index] == 13 && bytes[index + 1] == 10 { return index }
        return nil
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Seconds as a short decimal: `2`, `0.5`.
    private static func secondsText(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        guard milliseconds > 0 else { return "\(seconds)" }
        var fraction = String(milliseconds)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(seconds).\(fraction)"
    }
}
