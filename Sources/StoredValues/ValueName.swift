/// The rules for a stored value's name: 1–64 of `a-z 0-9 . _ -`, so a name is safe in a URL path, a log line and
/// a query string as it is.
public enum ValueName {
    public static let maxLength = 64

    /// What is wrong with `name`, or nil when it is a name.
    public static func problem(_ name: some StringProtocol) -> String? {
        let bytes = name.utf8
        if bytes.isEmpty { return "is empty (accepted: 1…\(maxLength) of a-z 0-9 . _ -)" }
        if bytes.count > maxLength {
            return "is longer than \(maxLength) characters (accepted: 1…\(maxLength) of a-z 0-9 . _ -)"
        }
        for byte in bytes where !isNameByte(byte) {
            return "holds a character other than a-z 0-9 . _ - (names are lower case)"
        }
        // A URL's path resolves `.` and `..` and many clients drop a trailing dot: such a name could be pushed and
        // never read back.
        if bytes.reversed().first == UInt8(ascii: ".") {
            return "ends in a dot, which URLs drop or resolve (accepted: 1…\(maxLength) of a-z 0-9 . _ -, not ending "
                + "in a dot)"
        }
        return nil
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }
}
