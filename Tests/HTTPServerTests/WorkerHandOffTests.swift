import Testing

@testable import HTTPServer

/// The worker's hand-off rules with made-up clock readings: no thread, no sleep.
struct WorkerHandOffTests {
    typealias HandOff = WorkerHandOff

    static func ms(_ milliseconds: Double) -> Int64 { Int64(milliseconds * 1e6) }
    static let quick = ms(0.3)
    static let slow = ms(40)

    @Test func aLoneAnswerIsSentAtOnce() {
        var handOff = HandOff()
        // The worker has nothing queued behind it: wake the loop, however quick the job was.
        #expect(handOff.answerPosted(now: Self.ms(5), moreJobs: false, jobTook: Self.quick) == .wake)
        #expect(handOff.heldSince == 0)
        // An answer from a handler's own thread (no job of the worker) is never held.
        var other = HandOff()
        #expect(other.answerPosted(now: Self.ms(5), moreJobs: true, jobTook: nil) == .wake)
    }

    @Test func aFloodHoldsUpToAWakeFullThenReleasesThemTogether() {
        var handOff = HandOff()
        var actions: [HandOff.Posted] = []
        for index in 0..<HandOff.answersPerWake {
            actions.append(
                handOff.answerPosted(now: Self.ms(100 + 0.1 * Double(index)), moreJobs: true, jobTook: Self.quick))
        }
        #expect(actions.dropLast().allSatisfy { $0 == .hold })
        #expect(actions.last == .wake)
        #expect(handOff.waiting == HandOff.answersPerWake)
        // Posted before the loop took them: they go with the others, no second wake-up.
        #expect(handOff.answerPosted(now: Self.ms(100.9), moreJobs: true, jobTook: Self.quick) == .alreadyWoken)
        handOff.answersTaken()
        #expect(handOff == HandOff())
        #expect(handOff.answerPosted(now: Self.ms(101), moreJobs: true, jobTook: Self.quick) == .hold)
    }

    @Test func noAnswerIsHeldPastTheHoldLimit() {
        var handOff = HandOff()
        let limit = HandOff.holdLimit.nanosecondsClamped
        #expect(handOff.answerPosted(now: Self.ms(10), moreJobs: true, jobTook: Self.quick) == .hold)
        #expect(handOff.heldSince == Self.ms(10))
        #expect(handOff.answerPosted(now: Self.ms(10) + limit - 1, moreJobs: true, jobTook: Self.quick) == .hold)
        #expect(handOff.answerPosted(now: Self.ms(10) + limit, moreJobs: true, jobTook: Self.quick) == .wake)
    }

    @Test func aRenderOverTheSlowThresholdIsNotHeld() {
        var handOff = HandOff()
        let threshold = HandOff.holdableJob.nanosecondsClamped
        #expect(handOff.answerPosted(now: Self.ms(3), moreJobs: true, jobTook: threshold) == .wake)
        var justUnder = HandOff()
        #expect(justUnder.answerPosted(now: Self.ms(3), moreJobs: true, jobTook: threshold - 1) == .hold)
    }

    @Test func thePollIsBoundedOnlyWhileTheWorkerHasJobsBehindAnAnswer() {
        // One job out: its answer cannot be held (nothing queued behind it), the loop sleeps as it likes.
        #expect(HandOff.pollLimit(workerJobs: 0, heldSince: 0, now: Self.ms(1)) == nil)
        #expect(HandOff.pollLimit(workerJobs: 1, heldSince: Self.ms(1), now: Self.ms(1)) == nil)
        // Two or more, nothing held yet: at most the hold limit.
        #expect(HandOff.pollLimit(workerJobs: 2, heldSince: 0, now: Self.ms(1)) == 2)
        // Something held: until it is due, rounded up to whole milliseconds, and not below zero once due.
        #expect(HandOff.pollLimit(workerJobs: 3, heldSince: Self.ms(10), now: Self.ms(10.5)) == 2)
        #expect(HandOff.pollLimit(workerJobs: 3, heldSince: Self.ms(10), now: Self.ms(11.2)) == 1)
        #expect(HandOff.pollLimit(workerJobs: 3, heldSince: Self.ms(10), now: Self.ms(15)) == 0)
        #expect(!HandOff.heldAnswersDue(workerJobs: 1, heldSince: Self.ms(10), now: Self.ms(15)))
        #expect(!HandOff.heldAnswersDue(workerJobs: 2, heldSince: 0, now: Self.ms(15)))
    }

    /// The stall seen under a flood of distinct PNGs: a quick answer held because a job was queued behind it, that
    /// job a long render. The worker posts nothing for the render's length, so only the loop's own check can
    /// release the held answer: it must do so within the hold limit and one poll's rounding, not after the render.
    @Test func aQuickAnswerHeldBehindALongRenderIsReleasedByTheHoldLimit() throws {
        var handOff = HandOff()
        var workerJobs = 2  // the quick one and the long one behind it
        // Monotonic readings are never 0 (0 means "nothing held"): the worker posts at 100 ms.
        let start = Self.ms(100)
        #expect(handOff.answerPosted(now: start, moreJobs: true, jobTook: Self.quick) == .hold)
        // The loop: poll for as long as it is allowed, check, repeat, while the worker draws for `slow`.
        var clock = start + Self.ms(0.05)
        var released: Int64?
        // Bounded: a poll limit of 0 while nothing is due would spin the real loop, and this one for ever.
        for _ in 0..<100 where released == nil && clock < start + Self.slow {
            if HandOff.heldAnswersDue(workerJobs: workerJobs, heldSince: handOff.heldSince, now: clock) {
                released = clock
                handOff.answersTaken()
                workerJobs -= 1
                continue
            }
            let limit = HandOff.pollLimit(workerJobs: workerJobs, heldSince: handOff.heldSince, now: clock)
            clock += Self.ms(Double(try #require(limit)))
        }
        let limit = HandOff.holdLimit.nanosecondsClamped
        #expect(try #require(released) - start <= limit + Self.ms(1))
        // The long render's own answer, posted at its end, is not held though more jobs may follow.
        #expect(handOff.answerPosted(now: start + Self.slow, moreJobs: true, jobTook: Self.slow) == .wake)
    }

    @Test func loopsKeepTheShortSliceForALingerAfterWorkerActivity() {
        let until = HandOff.shortSliceUntil(workerActiveAt: Self.ms(100))
        let slice = UInt64(HandOff.workerSlice.nanosecondsClamped)
        #expect(HandOff.slice(now: Self.ms(100), shortSliceUntil: until) == slice)
        #expect(HandOff.slice(now: until - 1, shortSliceUntil: until) == slice)
        #expect(HandOff.slice(now: until, shortSliceUntil: until) == 0)
        #expect(HandOff.slice(now: Self.ms(5), shortSliceUntil: 0) == 0)
    }
}
