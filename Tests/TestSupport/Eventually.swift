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
