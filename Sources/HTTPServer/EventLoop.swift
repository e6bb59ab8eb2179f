import CSystem
import Dispatch
import Locking
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread with its own epoll instance and connections. The first loop also owns the listening socket and
/// hands each accepted connection to the loop with the fewest (itself included).
///
/// Connections are registered edge-triggered for input and output once, at accept, and never modified: a
/// request costs no epoll_ctl, and a connection whose output is backed up simply stops being read (its
/// `HTTPConnectionStateMachine` remembers pending input) until epoll reports it writable. The listening socket is
/// level-triggered, so a loop that accepts at most a batch per wake-up is woken again for the rest, and
/// pausing it (descriptors exhausted) is one epoll_ctl.
///
/// Why one listener and a hand-off rather than an SO_REUSEPORT listener per loop: the kernel spreads
/// REUSEPORT connections by a hash of their addresses, so a few dozen long keep-alive connections can land
/// 40 / 24 on two loops, and the busier loop's tail latency doubles; handing off by count keeps loops even
/// for one eventfd write per connection. It also keeps a second server from silently sharing the port.
final class EventLoop: @unchecked Sendable {
    // @unchecked: after `init` (and `peers`, set before any thread starts), every stored property is used only
    // by the loop's own thread; other threads only call `wake()` and `adopt(_:)`, which go through `inbox`'s
    // lock, and read `load`, an atomic.

    static let readBufferSize = 65_536
    static let maxEvents = 512
    static let listenerToken = UInt64.max
    static let wakeToken = UInt64.max - 1
    /// How long a loop may run without sleeping before it yields its core. A loop that always finds work would
    /// otherwise keep the core until the scheduler tick takes it, and whatever shares the core (a proxy in front, a
    /// benchmark's client, the other loop) would wait that long. Yielding after every batch cost paced requests
    /// their p99 instead (the loop then queued behind others rather than being woken first); yielding only after a
    /// stretch without sleep keeps both. The figures: docs/decisions.md, "Scheduling".
    static let busyStretch = Duration.milliseconds(1)

    let configuration: HTTPServerConfiguration
    let handler: any HTTPHandler
    let lifecycle: ServerLifecycle
    let counterCells: ServerCounterCells
    let workerActivity: WorkerActivity
    let timeouts: HTTPConnectionStateMachine.Timeouts
    private let epoll: Int32
    private let wakeFD: Int32
    var listener: Int32
    /// Every loop of the server, this one included; set once before the threads start.
    var peers: [EventLoop] = []
    /// Connections this loop serves or was handed and has not registered yet: the hand-off picks the lowest.
    let load = Atomic<Int>(0)
    var connections: [HTTPConnection?] = []
    var generations: [UInt32] = []
    var freeSlots: [Int] = []
    private(set) var dateCache = DateCache()
    let readBuffer: UnsafeMutableRawBufferPointer
    let vectors: UnsafeMutableBufferPointer<iovec>
    private let events: UnsafeMutablePointer<pr_epoll_event>
    private(set) var now = MonotonicInstant.now()
    var nextTick: MonotonicInstant
    let tickInterval: Duration
    var acceptPausedUntil: MonotonicInstant?
    var followedCommand = ServerLifecycle.Command.run
    /// Connections that used their read budget with input still waiting; served again after the next poll.
    private var resumable: [HTTPConnection] = []
    /// Accepted sockets handed over by the listening loop, answers made by worker threads, and whether this loop
    /// has exited (then its eventfd is closed and nothing may be handed to it).
    /// `handOff`: whether the answers waiting are held back or the loop was woken for them.
    let inbox = Lock<(sockets: [Int32], answers: [DeferredAnswer], handOff: WorkerHandOff, exited: Bool)>(
        ([], [], WorkerHandOff(), false))
    /// Workers writing the eventfd after leaving `inbox`'s lock (see `post`).
    private let signalling = Atomic<Int>(0)
    /// `inbox.handOff.heldSince`, readable without the lock: the loop takes answers held past
    /// `WorkerHandOff.holdLimit` itself, since the worker that held them may be in a long job.
    let heldSince = Atomic<Int64>(0)
    /// Jobs this loop gave its worker whose answers have not come back (see `WorkerHandOff.pollLimit`).
    var workerJobs = 0
    /// Where this loop's `.later` answers are made (see `HTTPAnswer`), one at a time, at a lower priority than the
    /// loops: a loop's renders leave the cores to the loops and never queue behind another's.
    let worker: WorkerThread

    init(
        listener: Int32?, configuration: HTTPServerConfiguration, handler: any HTTPHandler,
        lifecycle: ServerLifecycle, counterCells: ServerCounterCells, workerActivity: WorkerActivity
    ) throws(IOError) {
        self.configuration = configuration
        self.handler = handler
        self.lifecycle = lifecycle
        self.counterCells = counterCells
        self.workerActivity = workerActivity
        self.listener = listener ?? -1
        self.worker = WorkerThread(name: "http-worker", running: lifecycle.threads)
        self.timeouts = .init(
            header: configuration.headerTimeout, idle: configuration.idleTimeout,
            send: configuration.sendTimeout, linger: configuration.lingerTimeout)
        // Deadlines are checked on a tick: an eighth of the shortest timeout, between 10 ms and 250 ms, so a
        // timeout fires at most 12.5 % late and 10 000 connections are scanned at most four times a second.
        let shortest = min(timeouts.header, timeouts.idle, timeouts.send, timeouts.linger)
        self.tickInterval = min(max(shortest / 8, .milliseconds(10)), .milliseconds(250))
        self.nextTick = now + tickInterval
        epoll = Int32(try Syscall.blocking("epoll_create1") { Int(pr_epoll_create()) })
        do {
            wakeFD = Int32(try Syscall.blocking("eventfd") { Int(pr_eventfd()) })
        } catch {
            Syscall.close(epoll)
            if let listener { Syscall.close(listener) }
            throw error
        }
        readBuffer = .allocate(byteCount: Self.readBufferSize, alignment: 16)
        vectors = .allocate(capacity: 3)
        events = .allocate(capacity: Self.maxEvents)
        do {
            try control(PR_EPOLL_CTL_ADD, wakeFD, PR_EPOLLIN, Self.wakeToken)
            if let listener { try control(PR_EPOLL_CTL_ADD, listener, PR_EPOLLIN, Self.listenerToken) }
        } catch {
            releaseResources()
            throw error
        }
    }

    /// Wakes the loop from another thread so it reads `lifecycle.command`; does nothing once the loop has exited.
    func wake() {
        inbox.withLock { inbox in
            if !inbox.exited { Syscall.signalEventFD(wakeFD) }
        }
    }

    /// Takes an accepted socket from the listening loop (any thread); closes it when this loop has exited.
    func adopt(_ fd: Int32) {
        let taken = inbox.withLock { inbox in
            guard !inbox.exited else { return false }
            inbox.sockets.append(fd)
            Syscall.signalEventFD(wakeFD)
            return true
        }
        if !taken {
            Syscall.close(fd)
            load.subtract(1, ordering: .relaxed)
            lifecycle.connectionClosed()
        }
    }

    /// Hands an answer back to the loop (any thread); dropped when the loop has exited. Whether the loop is woken
    /// is `WorkerHandOff.answerPosted`'s decision: `moreJobs` and `jobTook` as it takes them (given by the worker;
    /// an answer from elsewhere always wakes the loop unless it already was). The eventfd is written after leaving
    /// the lock: the loop that the write wakes takes the lock at once, and spun while the worker still held it.
    func post(_ answer: DeferredAnswer, moreJobs: Bool = false, jobTook: Int64? = nil, now: Int64 = 0) {
        let wake = inbox.withLock { inbox -> Bool in
            guard !inbox.exited else { return false }
            inbox.answers.append(answer)
            let held = inbox.handOff.heldSince
            let action = inbox.handOff.answerPosted(now: now, moreJobs: moreJobs, jobTook: jobTook)
            if inbox.handOff.heldSince != held { heldSince.store(inbox.handOff.heldSince, ordering: .relaxed) }
            guard action == .wake else { return false }
            // Seen by `releaseResources`, which sets `exited` under this lock later, then waits for it to clear.
            signalling.add(1, ordering: .relaxed)
            return true
        }
        guard wake else { return }
        Syscall.signalEventFD(wakeFD)
        signalling.subtract(1, ordering: .releasing)
    }

    /// Serves until the command is `.stop`, then closes everything it owns.
    func run() {
        // When the loop last slept in epoll_wait (or yielded): see `busyStretch`.
        var busySince = MonotonicInstant.now()
        var slice: UInt64 = 0
        let busyLimit = Self.busyStretch.nanosecondsClamped
        while true {
            var timeout = resumable.isEmpty ? max(0, (nextTick.nanoseconds - now.nanoseconds) / 1_000_000) + 1 : 0
            let held = heldSince.load(ordering: .relaxed)
            if let limit = WorkerHandOff.pollLimit(workerJobs: workerJobs, heldSince: held, now: now.nanoseconds) {
                timeout = min(timeout, limit)
            }
            if let until = acceptPausedUntil {
                timeout = min(timeout, max(0, (until.nanoseconds - now.nanoseconds + 999_999) / 1_000_000))
            }
            var polled = MonotonicInstant.now()
            let wanted = WorkerHandOff.slice(
                now: polled.nanoseconds, shortSliceUntil: workerActivity.shortSliceUntil.load(ordering: .relaxed))
            if wanted != slice {
                slice = wanted
                // 0 gives the thread back the kernel's default slice.
                _ = pr_set_thread_slice(slice)
            }
            if polled.nanoseconds - busySince.nanoseconds >= busyLimit {
                sched_yield()
                polled = .now()
                busySince = polled
            }
            let count = Syscall.wait(epoll, events, Self.maxEvents, timeoutMilliseconds: Int(timeout))
            now = .now()
            // A poll that found work waiting returns in a microsecond or two; one that took longer slept.
            if now.nanoseconds - polled.nanoseconds > 20_000 { busySince = now }
            dateCache.refresh()
            // A command raised while this loop slept is followed before the batch is served, so a request that
            // arrives with the drain's wake-up is answered as a draining server answers.
            if lifecycle.currentCommand != followedCommand, follow(lifecycle.currentCommand) { break }
            for index in 0..<Int(count) {
                let event = events[index]
                switch event.token {
                case Self.listenerToken:
                    acceptConnections()
                case Self.wakeToken:
                    Syscall.drainEventFD(wakeFD)
                    registerAdopted()
                    sendDeferredAnswers()
                default:
                    connectionEvent(token: event.token, events: event.events)
                }
            }
            if !resumable.isEmpty {
                let waiting = resumable
                resumable.removeAll(keepingCapacity: true)
                for connection in waiting {
                    connection.resumeQueued = false
                    if !connection.state.isClosed { process(connection) }
                }
            }
            // Answers a worker held back for longer than the hold limit (it is busy with a long job): taken here.
            let since = heldSince.load(ordering: .relaxed)
            if WorkerHandOff.heldAnswersDue(workerJobs: workerJobs, heldSince: since, now: now.nanoseconds) {
                sendDeferredAnswers()
            }
            if let until = acceptPausedUntil, now >= until { resumeAccepting() }
            if lifecycle.currentCommand != followedCommand {
                if follow(lifecycle.currentCommand) { break }
            }
            if now >= nextTick { tick() }
        }
        releaseResources()
    }

    private func connectionEvent(token: UInt64, events: UInt32) {
        let slot = Int(truncatingIfNeeded: token & 0xFFFF_FFFF)
        guard slot < connections.count, let connection = connections[slot],
            connection.generation == UInt32(truncatingIfNeeded: token >> 32)
        else { return }
        if events & PR_EPOLLERR != 0 {
            close(connection)
            return
        }
        connection.state.socketReported(
            input: events & PR_EPOLLIN != 0, hangUp: events & (PR_EPOLLRDHUP | PR_EPOLLHUP) != 0)
        if events & PR_EPOLLOUT != 0 && !connection.output.isEmpty {
            flush(connection)
        }
        process(connection)
    }

    /// Serves the connection again after the next poll, though epoll will not report it. Once: a connection
    /// epoll reports again meanwhile (more input arrived) is served from the event and keeps its one place here,
    /// so it gets at most two read budgets in a round, never more as rounds go by.
    func resumeLater(_ connection: HTTPConnection) {
        guard !connection.resumeQueued else { return }
        connection.resumeQueued = true
        resumable.append(connection)
    }

    func control(_ operation: Int32, _ fd: Int32, _ events: UInt32, _ token: UInt64) throws(IOError) {
        _ = try Syscall.blocking("epoll_ctl") { Int(pr_epoll_ctl(epoll, operation, fd, events, token)) }
    }

    private func releaseResources() {
        peers = []  // the loops refer to each other; this ends the cycle
        worker.finish()
        resumable = []
        closeListener()
        let orphans = inbox.withLock { inbox in
            inbox.exited = true
            defer {
                inbox.sockets.removeAll()
                inbox.answers.removeAll()
            }
            return inbox.sockets
        }
        // A worker may be writing the eventfd just after leaving the lock (see `post`): it is closed after that.
        while signalling.load(ordering: .acquiring) > 0 { sched_yield() }
        Syscall.close(wakeFD)
        for fd in orphans {
            Syscall.close(fd)
            load.subtract(1, ordering: .relaxed)
            lifecycle.connectionClosed()
        }
        Syscall.close(epoll)
        readBuffer.deallocate()
        vectors.deallocate()
        events.deallocate()
    }
}
