import CSystem
import Dispatch
import Locking

/// One thread that runs a loop's slow answers in order, at nice 10, below the loops: a long render takes the cores
/// only when the loops leave them idle. A thread of its own rather than a Dispatch queue, because a thread's nice
/// cannot be raised again without privilege, so a Dispatch pool thread lowered for one render stayed lowered for
/// whatever work Dispatch gave it next. Started at the first job; ends after `finish()`.
final class WorkerThread: Sendable {
    private let name: String
    /// Holds one entry while the thread runs, so the server's `waitUntilStopped` waits for it too.
    private let running: DispatchGroup
    private let state = Lock<(jobs: [@Sendable (_ more: Bool) -> Void], started: Bool, finishing: Bool)>(
        ([], false, false))
    /// Signalled once per job and once by `finish()`: the thread sleeps here while there is nothing to do.
    private let signal = DispatchSemaphore(value: 0)

    init(name: String, running: DispatchGroup) {
        self.name = name
        self.running = running
    }

    /// Queues `job` behind the others (it is told whether more jobs wait behind it); returns false (and drops it) once `finish()` was called or when no thread
    /// could be started. Called by the owning loop's thread only, so a failed start cannot drop another's job.
    func run(_ job: @escaping @Sendable (_ more: Bool) -> Void) -> Bool {
        let (accepted, start) = state.withLock { state -> (Bool, Bool) in
            guard !state.finishing else { return (false, false) }
            state.jobs.append(job)
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
                    state.jobs.removeAll()
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
            state.jobs.removeAll()
        }
        signal.signal()
    }

    private func serve() {
        _ = pr_lower_thread_priority()
        while true {
            signal.wait()
            let (jobs, finishing) = state.withLock { state in
                defer { state.jobs.removeAll() }
                return (state.jobs, state.finishing)
            }
            for (index, job) in jobs.enumerated() { job(index < jobs.count - 1) }
            if finishing { return }
        }
    }
}
