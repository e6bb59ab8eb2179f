import Synchronization

/// When any loop's worker last started or finished an answer, shared by all loops: until a second after it, the
/// loops keep a short scheduler slice (see `WorkerHandOff.workerSlice`).
final class WorkerActivity: Sendable {
    /// The monotonic instant (nanoseconds) until which the loops keep the short slice.
    let shortSliceUntil = Atomic<Int64>(0)

    /// Records a worker starting or finishing an answer at `nanoseconds`.
    func workerActive(at nanoseconds: Int64) {
        shortSliceUntil.store(WorkerHandOff.shortSliceUntil(workerActiveAt: nanoseconds), ordering: .relaxed)
    }
}
