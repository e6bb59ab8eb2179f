import Foundation

/// Polls `condition` every 5 ms until it holds or `seconds` pass; returns whether it held. The default is generous
/// because the suite may share a loaded machine (or run under a sanitizer); a condition that holds returns at once.
public func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// `eventually` for a thread of the test's own (`onOwnThread`), polling every millisecond without an await. A test
/// whose steps must follow one another within a timeout takes them all on one such thread: beside the whole suite on
/// a loaded machine, a resumed await has waited behind the queued test cases for longer than 100 s.
public func eventuallyHere(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}
