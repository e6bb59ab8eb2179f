/// What `progress-rings serve` was asked to do: the effective configuration and the flags that are not settings.
public struct ServeOptions: Sendable, Hashable {
    public var configuration = ServiceConfiguration()
    public var printConfig = false
    public var help = false

    public init() {}
}
