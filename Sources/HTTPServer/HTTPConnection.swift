/// One accepted socket on an event loop: its descriptor, its state machine and the output not yet written.
/// Touched only by the thread of the loop that owns it.
final class HTTPConnection {
    /// What happens once the queued output is written.
    enum AfterFlush {
        /// Keep reading requests.
        case proceed
        /// Shut the output side and discard input for a while, so the peer reads the last response before any
        /// unread bytes of its own make the kernel send a reset.
        case linger
        /// Close at once.
        case close
    }

    let fd: Int32
    let slot: Int
    let generation: UInt32
    var state: HTTPConnectionStateMachine
    var output = OutputBuffer()
    /// Edge-triggered epoll reports readability once: this remembers that bytes may still wait in the socket.
    var readable = true
    /// epoll reported the peer's FIN along with (or before) data: read until end of stream even after a short
    /// read, because no further edge will announce it.
    var peerHungUp = false
    var afterFlush = AfterFlush.proceed
    var isClosed = false
    /// A worker thread is making the answer to this connection's current request: nothing more is read or
    /// answered until it arrives, so responses keep the order of their requests.
    var awaitingResponse = false

    init(fd: Int32, slot: Int, generation: UInt32, state: HTTPConnectionStateMachine) {
        self.fd = fd
        self.slot = slot
        self.generation = generation
        self.state = state
    }

    /// The epoll token: the slot in the loop's table and a generation, so an event for a closed connection
    /// that arrives in the same batch as the accept of its slot's next occupant is recognised and dropped.
    var token: UInt64 { UInt64(generation) << 32 | UInt64(slot) }
}
