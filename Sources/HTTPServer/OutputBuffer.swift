/// Bytes of responses the socket did not take yet, in order. Bounded by the event loop: it stops answering a
/// connection's requests while this holds `HTTPConnectionStateMachine.outputHighWater` bytes or more.
struct OutputBuffer {
    private var bytes: [UInt8] = []
    private var start = 0

    var count: Int { bytes.count - start }
    var isEmpty: Bool { start == bytes.count }

    mutating func append(_ part: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: part)
    }

    /// The socket took `n` bytes from the front.
    mutating func consume(_ n: Int) {
        start += n
        if start == bytes.count {
            // Idle connections should not pin a large buffer; a small one is kept for the next backlog.
            if bytes.capacity > 65_536 {
                bytes = []
            } else {
                bytes.removeAll(keepingCapacity: true)
            }
            start = 0
        } else if start > 65_536 && start * 2 > bytes.count {
            bytes.removeFirst(start)
            start = 0
        }
    }

    func withUnsentBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }
}
