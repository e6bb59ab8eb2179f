import Dispatch
import Glibc
import HTTPServer
import Locking
import Synchronization

/// The log: access lines and lifecycle lines in logfmt or JSON, appended to a bounded buffer that a
/// background thread writes out, so an event loop never waits on the output. Lines that do not fit are dropped
/// and counted. Every value is escaped: no raw request bytes, CR or LF reach the output.
public final class ServiceLog: Sendable {
    public typealias Format = ServiceConfiguration.LogFormat
    public typealias Level = ServiceConfiguration.LogLevel

    private struct State {
        var buffer: [UInt8] = []
        var dropped = 0
        var stopped = false
        var second = -1
        var secondText: [UInt8] = []
    }

    public let format: Format
    /// The access line's optional fields (`logFields`).
    public enum AccessField: String, Sendable, CaseIterable {
        case outcome, client, agent, error

        var bit: Int { 1 << (Self.allCases.firstIndex(of: self) ?? 0) }
    }

    /// The optional fields access lines carry; a reload of the settings may change them.
    public var accessFields: Set<AccessField> {
        get { Set(AccessField.allCases.filter { fieldBits.load(ordering: .relaxed) & $0.bit != 0 }) }
        set { fieldBits.store(newValue.reduce(0) { $0 | $1.bit }, ordering: .relaxed) }
    }
    let fieldBits = Atomic<Int>(-1)

    /// Whether access lines carry `field`.
    func carries(_ field: AccessField) -> Bool { fieldBits.load(ordering: .relaxed) & field.bit != 0 }

    /// The least severe line written; a reload of the settings may change it.
    public var level: Level {
        get { Level.allCases[Int(levelRank.load(ordering: .relaxed))] }
        set { levelRank.store(newValue.rank, ordering: .relaxed) }
    }
    private let levelRank: Atomic<Int>
    private let capacity: Int
    private let flushInterval: Duration
    private let fd: Int32
    private let state: Lock<State>
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - fd: where lines go (standard output by default); written only by the background thread.
    ///   - capacity: bytes buffered at most between two writes.
    ///   - flushInterval: how long a line waits in the buffer at most (`logFlushInterval`).
    public init(
        format: Format, level: Level, fd: Int32 = 1, capacity: Int = 1 << 20, flushInterval: Duration = .seconds(0.1)
    ) {
        self.format = format
        self.flushInterval = flushInterval
        levelRank = Atomic(level.rank)
        self.fd = fd
        self.capacity = capacity
        var initial = State()
        // A log that is off never buffers: no need to hold a megabyte for it.
        if format != .off { initial.buffer.reserveCapacity(capacity) }
        state = Lock(initial)
        if format != .off {
            let started = DetachedThread.start(named: "log-writer") { [self] in writerLoop() }
            precondition(started == 0, "cannot start the log writer thread: error \(started)")
        } else {
            finished.signal()
        }
    }

    /// Whether access lines are written at all; callers skip the work of timing when not.
    public var logsRequests: Bool { format != .off && levelRank.load(ordering: .relaxed) <= Level.info.rank }

    public var droppedLines: Int { state.withLock { $0.dropped } }

    /// Whether a line of `level` is written.
    func writes(_ level: Level) -> Bool { format != .off && level.rank >= levelRank.load(ordering: .relaxed) }

    /// The most of a `User-Agent` an access line keeps: enough for any browser's or proxy's, while a client's
    /// 8 KiB header does not become 8 KiB a line.
    static let agentLength = 256

    /// A lifecycle or diagnostic line.
    public func log(_ level: Level, _ message: String, _ fields: [(String, Value)] = []) {
        guard format != .off, level >= self.level else { return }
        append(level: level, message: message, fields: fields)
    }

    private func append(level: Level, message: String, fields: [(String, Value)]) {
        appendLine(level: level, message: message) { buffer, format in
            for (key, value) in fields {
                Self.appendKey(&buffer, format, key)
                switch value {
                case .text(let s): Self.appendText(&buffer, format, s)
                case .decimal(let d) where format == .json && !d.isFinite: buffer += "null".utf8
                default: buffer += value.plain.utf8
                }
            }
        }
    }

    /// Appends one line to the buffer, under its lock: the time, level and message, the fields `body` writes (each
    /// a key, then its value), and the line's end. A line that does not fit is dropped and counted.
    func appendLine(level: Level, message: String, _ body: (inout [UInt8], Format) -> Void) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let format = format
        let full = state.withLock { state -> Bool in
            let mark = state.buffer.count
            state.buffer += (format == .json ? "{\"time\":\"" : "time=").utf8
            Self.appendTime(&state, now)
            state.buffer += (format == .json ? "\",\"level\":\"" : " level=").utf8
            state.buffer += level.rawValue.utf8
            state.buffer += (format == .json ? "\",\"msg\":" : " msg=").utf8
            Self.appendText(&state.buffer, format, message)
            body(&state.buffer, format)
            if format == .json { state.buffer.append(UInt8(ascii: "}")) }
            state.buffer.append(UInt8(ascii: "\n"))
            if state.buffer.count > capacity {
                state.buffer.removeSubrange(mark...)
                state.dropped += 1
            }
            return state.buffer.count > capacity / 2
        }
        if full { wake.signal() }
    }

    /// Writes out what is buffered and stops the writer; later lines are dropped. Waits at most `timeout` for an
    /// output nobody reads, so a stuck log pipe cannot hold up the exit.
    public func close(timeout: Duration = .seconds(2)) {
        guard format != .off else { return }
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        wake.signal()
        _ = finished.wait(timeout: .now() + Self.nanoseconds(timeout))
    }

    private static func nanoseconds(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

    private func writerLoop() {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(capacity)
        while true {
            _ = wake.wait(timeout: .now() + Self.nanoseconds(flushInterval))
            let stop = state.withLock { state -> Bool in
                swap(&chunk, &state.buffer)
                return state.stopped
            }
            write(chunk)
            chunk.removeAll(keepingCapacity: true)
            if stop {
                // A line appended between the swap and the stop flag would be lost: take the rest.
                state.withLock { swap(&chunk, &$0.buffer) }
                write(chunk)
                finished.signal()
                return
            }
        }
    }

    /// Writes the chunk; a log that cannot take it (a closed pipe, a full disk) loses the chunk, not the server.
    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in _ = try? Syscall.writeAll(fd, raw) }
    }

    /// `2026-01-31T12:34:56.789Z`; the part up to the seconds is formatted once a second.
    private static func appendTime(_ state: inout State, _ now: timespec) {
        let second = now.tv_sec
        if second != state.second {
            var t = second
            var parts = tm()
            gmtime_r(&t, &parts)
            var text: [UInt8] = []
            text.reserveCapacity(19)
            func digits(_ value: Int32, _ count: Int, then separator: String) {
                var divisor: Int32 = 1
                for _ in 1..<count { divisor *= 10 }
                while divisor > 0 {
                    text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                    divisor /= 10
                }
                text += separator.utf8
            }
            digits(parts.tm_year + 1900, 4, then: "-")
            digits(parts.tm_mon + 1, 2, then: "-")
            digits(parts.tm_mday, 2, then: "T")
            digits(parts.tm_hour, 2, then: ":")
            digits(parts.tm_min, 2, then: ":")
            digits(parts.tm_sec, 2, then: "")
            state.second = second
            state.secondText = text
        }
        state.buffer += state.secondText
        let millis = Int(now.tv_nsec / 1_000_000)
        state.buffer.append(UInt8(ascii: "."))
        state.buffer.append(UInt8(ascii: "0") + UInt8(millis / 100))
        state.buffer.append(UInt8(ascii: "0") + UInt8(millis / 10 % 10))
        state.buffer.append(UInt8(ascii: "0") + UInt8(millis % 10))
        state.buffer.append(UInt8(ascii: "Z"))
    }
}
