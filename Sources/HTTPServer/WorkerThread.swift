import CSystem
import Dispatch
import Synchronization

/// One thread that runs a loop's slow answers in order, at nice 10, below the loops: a long render takes the cores
/// only when the loops leave them idle. A thread of its own rather than a Dispatch queue, because a thread's nice
/// cannot be raised again without privilege, so a Dispatch pool thread lowered for one render stayed lowered for
/// whatever work Dispatch gave it next. Started at the first job; ends after `finish()`.
final class WorkerThread: Sendable {
    private let name: String
    private let state = Mutex<(jobs: [@Sendable () -> Void], started: Bool, finishing: Bool)>(([], false, false))
    /// Signalled once per job and once by `finish()`: the thread sleeps here while there is nothing to do.
    private let signal = DispatchSemaphore(value: 0)

    init(name: String) {
        self.name = name
    }

    /// Queues `job` behind the others; returns false (and drops it) once `finish()` was called or when no thread
    /// could be started. Called by the owning loop's thread only, so a failed start cannot drop another's job.
    func run(_ job: @escaping @Sendable () -> Void) -> Bool {
        let (accepted, start) = state.withLock { state -> (Bool, Bool) in
            guard !state.finishing else { return (false, false) }
            state.jobs.append(job)
            defer { state.started = true }
            return (true, !state.started)
        }
        guard accepted else { return false }
        if start {
            guard DetachedThread.start(named: name, { [self] in serve() }) == 0 else {
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

    /// Lets the thread finish the jobs it has, then exit; later jobs are refused.
    func finish() {
        state.withLock { $0.finishing = true }
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
            for job in jobs { job() }
            if finishing { return }
        }
    }
}
