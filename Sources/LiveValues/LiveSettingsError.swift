/// A live-value setting that cannot be used, naming the setting: `liveHosts: "*" is not a host name or a
/// *.suffix pattern`. Start-up stops on it.
public struct LiveSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The setting's name as the configuration file spells it, e.g. `liveSources`.
    public let setting: String
    public let reason: String

    public init(setting: String, reason: String) {
        self.setting = setting
        self.reason = reason
    }

    public var message: String { "\(setting): \(reason)" }
    public var description: String { message }
}
