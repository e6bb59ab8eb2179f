/// The rules by which a loop's worker hands finished answers back to its loop, as a plain value: clock readings in
/// (monotonic nanoseconds), actions out, like `HTTPConnectionStateMachine`. The loop keeps one in its inbox, under
/// the inbox's lock; the worker reports each answer it posts, and the loop asks how long it may sleep and whether
/// answers held back are due.
///
/// Why answers are held: under a flood of misses each wake-up costs the loop and the worker a thread switch each
/// way, so a worker that has more jobs of the same client queued holds that client's answers back and wakes its loop
/// once for several, which the loop sends together. Only a client with more work queued has its answers held: one
/// miss among a flood's goes out at once, not up to `holdLimit` later (and takes the flood's held answers with it).
/// It holds at most `answersPerWake` answers, none for longer than `holdLimit`, and only answers whose job took less
/// than `holdableJob` (a worker busy with long jobs gains little by holding, and an answer held behind a long job
/// would wait for it). A worker with no more of the client's jobs wakes the loop at once. A held answer has a job
/// queued behind it, which may be long: so while the loop has two or more jobs out, it polls at least every
/// `holdLimit` (until a held answer is due, once one is) and takes answers held past `holdLimit` itself.
/// A held answer is so taken within about `holdLimit` + 1 ms (the poll counts whole milliseconds).
struct WorkerHandOff: Sendable, Equatable {
    static let answersPerWake = 8
    static let holdLimit = Duration.milliseconds(2)
    static let holdableJob = Duration.milliseconds(1)
    /// The scheduler slice the loops ask for while workers are busy (Linux 6.12 and later honour it for normal
    /// threads; older kernels ignore it). A short slice lets a loop woken by a request preempt a worker drawing a
    /// PNG at once; with the kernel's default slice it waited, and under the soak's flood of distinct PNGs every
    /// other request's p99 grew. While no worker runs the loops keep the default slice: a short one made saturated
    /// loops preempt their clients so often that the saturated p99 grew instead. The figures: docs/decisions.md,
    /// "Scheduling".
    static let workerSlice = Duration.microseconds(100)
    /// How long after a worker's last start or finish the loops keep `workerSlice`.
    static let workerSliceLinger = Duration.seconds(1)

    private static let holdLimitNanoseconds = holdLimit.nanosecondsClamped
    private static let holdableJobNanoseconds = holdableJob.nanosecondsClamped

    /// What the worker does after posting an answer.
    enum Posted: Equatable {
        /// Write the loop's eventfd: the loop takes every answer waiting.
        case wake
        /// Nothing: the answer waits for a later wake-up, or for the loop to find it due.
        case hold
        /// Nothing: the loop was already woken for the answers waiting and takes this one with them.
        case alreadyWoken
    }

    /// Answers posted and not yet taken by the loop.
    private(set) var waiting = 0
    /// The eventfd was written for the answers waiting, and the loop has not taken them yet.
    private(set) var woken = false
    /// When the first answer held back was posted (nanoseconds; 0 when none is held).
    private(set) var heldSince: Int64 = 0

    /// An answer is posted at `now`. `moreJobs`: the worker has further jobs of the answer's client queued behind
    /// this one (`WorkerQueue.next`); `jobTook`: how long its job ran (nil for an answer not made by the worker, which
    /// is never held).
    mutating func answerPosted(now: Int64, moreJobs: Bool, jobTook: Int64?) -> Posted {
        waiting += 1
        guard !woken else { return .alreadyWoken }
        if moreJobs, let jobTook, jobTook < Self.holdableJobNanoseconds, waiting < Self.answersPerWake {
            if heldSince == 0 { heldSince = now }
            if now - heldSince < Self.holdLimitNanoseconds { return .hold }
        }
        woken = true
        return .wake
    }

    /// The loop took every answer waiting.
    mutating func answersTaken() {
        waiting = 0
        woken = false
        heldSince = 0
    }

    /// The longest the loop may sleep in its poll, in whole milliseconds, so that an answer held behind a long job
    /// is taken in time; nil when it may sleep as long as it likes. `workerJobs`: jobs the loop gave its worker whose
    /// answers have not come back; `heldSince`: as read without the lock.
    static func pollLimit(workerJobs: Int, heldSince: Int64, now: Int64) -> Int64? {
        guard workerJobs > 1 else { return nil }
        let wait = heldSince == 0 ? holdLimitNanoseconds : max(0, heldSince + holdLimitNanoseconds - now)
        return (wait + 999_999) / 1_000_000
    }

    /// Whether the loop takes the answers held back itself at `now`: held past `holdLimit` by a worker that is
    /// still busy (a worker that finished would have woken the loop).
    static func heldAnswersDue(workerJobs: Int, heldSince: Int64, now: Int64) -> Bool {
        workerJobs > 1 && heldSince != 0 && now - heldSince >= holdLimitNanoseconds
    }

    /// Until when the loops keep `workerSlice` after a worker started or finished a job at `now`.
    static func shortSliceUntil(workerActiveAt now: Int64) -> Int64 {
        now + workerSliceLinger.nanosecondsClamped
    }

    /// The slice a loop asks for at `now` (nanoseconds; 0 for the kernel's default), given `shortSliceUntil`.
    static func slice(now: Int64, shortSliceUntil until: Int64) -> UInt64 {
        now < until ? UInt64(workerSlice.nanosecondsClamped) : 0
    }
}
