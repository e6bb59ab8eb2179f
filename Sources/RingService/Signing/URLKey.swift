/// A named secret that signs image URLs (`urlKeys`): the name a URL gives as `key=`, and the secret's bytes, read
/// from a file or an environment variable when the settings are loaded. Printing a key shows its name only, so no
/// log line, message or dump can carry the secret.
public struct URLKey: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// What a URL's `key=` names.
    public let name: String
    let secret: [UInt8]

    /// Fewest bytes a secret may have: SHA-256's output, as RFC 2104 advises for HMAC keys.
    public static let minimumBytes = 32

    /// A key from its secret's bytes, as tests and `progress-rings sign` hold them.
    public init(name: String, secret: [UInt8]) {
        self.name = name
        self.secret = secret
    }

    public var description: String { "URLKey(\(name), secret withheld)" }
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }

    /// What is wrong with a key's name, or nil: 1 to 64 letters, digits, `.`, `_` or `-`.
    static func nameProblem(_ name: String) -> String? {
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
        guard allowed, (1...64).contains(name.utf8.count) else {
            return "is not a key name (accepted: 1 to 64 letters, digits, dots, underscores or hyphens)"
        }
        return nil
    }
}
