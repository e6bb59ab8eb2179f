/// One accepted socket on an event loop: its descriptor, its state machine and the output not yet written.
/// Touched only by the thread of the loop that owns it.
final class HTTPConnection {
    let fd: Int32
    let slot: Int
    let generation: UInt32
    var state: HTTPConnectionStateMachine
    var output = OutputBuffer()
    /// In its loop's list of connections to serve again after the next poll (`EventLoop.resumeLater`).
    var resumeQueued = false
    /// Where the connection comes from, read once when it is taken (every request on it carries it).
    let client: ClientAddress?

    init(fd: Int32, slot: Int, generation: UInt32, state: HTTPConnectionStateMachine) {
        self.fd = fd
        client = ClientAddress(peerOf: fd)
        self.slot = slot
        self.generation = generation
        self.state = state
    }

    /// The epoll token: the slot in the loop's table and a generation, so an event for a closed connection
    /// that arrives in the same batch as the accept of its slot's next occupant is recognised and dropped.
    var token: UInt64 { UInt64(generation) << 32 | UInt64(slot) }
}
