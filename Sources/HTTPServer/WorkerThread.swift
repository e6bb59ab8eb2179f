import CSystem
import Dispatch
import Locking

/// One thread that runs a loop's slow answers, at nice 10, below the loops: a long render takes the cores only when
/// the loops leave them idle. A thread of its own rather than a Dispatch queue, because a thread's nice cannot be
/// raised again without privilege, so a Dispatch pool thread lowered for one render stayed lowered for whatever work
/// Dispatch gave it next. Started at the first job; ends after `finish()`.
///
/// Jobs are taken by client in turn (`WorkerQueue`): a client with a hundred jobs waiting delays another's one job by
/// at most the job running.
final class WorkerThread: Sendable {
    private let name: String
    /// Holds one entry while the thread runs, so the server's `waitUntilStopped` waits for it too.
    private let running: DispatchGroup
    private let state = Lock<(jobs: WorkerQueue, started: Bool, finishing: Bool)>((WorkerQueue(), false, false))
    /// Signalled once per job and once by `finish()`: the thread sleeps here while there is nothing to do.
    private let signal = DispatchSemaphore(value: 0)

    init(name: String, running: DispatchGroup) {
        self.name = name
        self.running = running
    }

    /// Queues `job` of `client` (it is told whether more of the client's jobs wait behind it); returns false (and
    /// drops it) once `finish()` was called or when no thread could be started. Called by the owning loop's thread
    /// only, so a failed start cannot drop another's job.
    func run(for client: ClientAddress?, _ job: @escaping @Sendable (_ more: Bool) -> Void) -> Bool {
        let (accepted, start) = state.withLock { state -> (Bool, Bool) in
            guard !state.finishing else { return (false, false) }
            state.jobs.append(job, of: client)
            defer { state.started = true }
            return (true, !state.started)
        }
        guard accepted else { return false }
        if start {
            // Entered before the thread exists: the loop calling this holds an entry of its own, so a wait on the
            // group cannot have ended yet.
            running.enter()
            let started = DetachedThread.start(named: name) { [self] in
                serve()
                running.leave()
            }
            guard started == 0 else {
                running.leave()
                state.withLock { state in
                    state.jobs = WorkerQueue()
                    state.started = false
                }
                return false
            }
        }
        signal.signal()
        return true
    }

    /// Drops the jobs not yet begun (their loop has exited and closed their connections, so nobody would get the
    /// answers), lets the thread finish the one it runs, then exit; later jobs are refused.
    func finish() {
        state.withLock { state in
            state.finishing = true
            state.jobs = WorkerQueue()
        }
        signal.signal()
    }

    private func serve() {
        _ = pr_lower_thread_priority()
        while true {
            // One signal per job: each wake takes the next job in turn, if `finish()` left one.
            signal.wait()
            let (next, finishing) = state.withLock { state in (state.jobs.next(), state.finishing) }
            next?.job(next?.clientHasMore ?? false)
            if finishing { return }
        }
    }
}
