import Foundation
import Glibc
import Testing

@testable import RingService

/// The log's buffer: lines reach the output within `logFlushInterval` without any call to flush them, and every line
/// buffered is written when the log closes (at exit, after the drain).
struct ServiceLogBufferingTests {
    /// Reads what arrives on `fd` within `timeout`, or nil when nothing does.
    static func read(_ fd: Int32, within timeout: Duration) -> String? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        guard poll(&poller, 1, milliseconds) == 1 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(fd, &bytes, bytes.count)
        return count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : nil
    }

    /// A line appended is written by the timer, with no close and no buffer filling up: within a short interval it
    /// arrives, and under a long one it is still held a while later (the timer, not the append, writes it).
    @Test func aLineIsWrittenWithinTheFlushIntervalWithoutAClose() throws {
        let pipe = Pipe()
        let fd = pipe.fileHandleForWriting.fileDescriptor
        let held = ServiceLog(format: .logfmt, level: .info, fd: fd, flushInterval: .seconds(30))
        held.access(method: "GET", path: "/held", status: 200, bytes: 1, microseconds: 1, cache: "hit")
        #expect(Self.read(pipe.fileHandleForReading.fileDescriptor, within: .milliseconds(300)) == nil)

        let prompt = ServiceLog(format: .logfmt, level: .info, fd: fd, flushInterval: .milliseconds(20))
        prompt.access(method: "GET", path: "/prompt", status: 200, bytes: 1, microseconds: 1, cache: "hit")
        // 20 ms on a quiet machine; the bound leaves room for a loaded one.
        let text = try #require(Self.read(pipe.fileHandleForReading.fileDescriptor, within: .seconds(5)))
        #expect(text.contains("path=/prompt"))
        #expect(!text.contains("path=/held"))
        prompt.close()
        held.close()
    }

    /// Closing the log (what `serve` does after the drain, on SIGTERM or SIGINT) writes every line still buffered,
    /// in order, none dropped, though its timer would not have written them for a long while yet.
    @Test func closeWritesEveryBufferedLineInOrder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { unlink(path) }
        let count = 5_000
        for json in [false, true] {
            _ = ftruncate(fd, 0)
            _ = lseek(fd, 0, SEEK_SET)
            let log = ServiceLog(
                format: json ? .json : .logfmt, level: .info, fd: fd, flushInterval: .seconds(30))
            for n in 0..<count {
                log.access(method: "GET", path: "/\(n)", status: 200, bytes: n, microseconds: 1, cache: "hit")
            }
            log.close()
            #expect(log.droppedLines == 0)
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == count)
            let marker = json ? "\"path\":\"/" : "path=/"
            let inOrder = lines.enumerated().allSatisfy { n, line in line.contains("\(marker)\(n)\(json ? "\"" : " ")")
            }
            #expect(inOrder)
        }
        close(fd)
    }
}
