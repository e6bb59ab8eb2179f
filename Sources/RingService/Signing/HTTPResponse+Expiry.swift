import HTTPServer

extension HTTPResponse {
    /// This response with its `Cache-Control` `max-age` and `s-maxage` no longer than `seconds`: a signed URL's
    /// image is fresh only until its signature expires. A response without a longer max-age is returned as it is
    /// (an error image's `no-store`, a live value's shorter freshness). Read and written as bytes: it runs on every
    /// hit of a URL with `exp`.
    func limitingMaxAge(to seconds: Int64) -> HTTPResponse {
        guard let value = fieldValue(.cacheControl), let given = Self.maxAge(in: value), given > seconds else {
            return self
        }
        var text: [UInt8] = []
        text.reserveCapacity(48)
        text += "public, max-age=".utf8
        Self.appendDecimal(seconds, to: &text)
        text += ", s-maxage=".utf8
        Self.appendDecimal(seconds, to: &text)
        return replacing(.cacheControl, with: text)
    }

    /// The seconds of the `max-age` directive in a `Cache-Control` value (`public, max-age=300, s-maxage=300`).
    static func maxAge(in value: ArraySlice<UInt8>) -> Int64? {
        let directive = "max-age=".utf8
        var index = value.startIndex
        while index < value.endIndex {
            // A directive starts the value or follows a comma and spaces.
            let start =
                index == value.startIndex || value[index - 1] == UInt8(ascii: " ")
                || value[index - 1] == UInt8(ascii: ",")
            if start, value[index...].starts(with: directive) {
                var seconds: Int64 = 0
                var digit = index + directive.count
                guard digit < value.endIndex else { return nil }
                while digit < value.endIndex, value[digit] >= UInt8(ascii: "0"), value[digit] <= UInt8(ascii: "9") {
                    guard seconds < Int64.max / 10 - 10 else { return nil }
                    seconds = seconds * 10 + Int64(value[digit] - UInt8(ascii: "0"))
                    digit += 1
                }
                return seconds
            }
            index += 1
        }
        return nil
    }

    private static func appendDecimal(_ number: Int64, to out: inout [UInt8]) {
        guard number >= 10 else {
            out.append(UInt8(ascii: "0") + UInt8(max(0, number)))
            return
        }
        appendDecimal(number / 10, to: &out)
        out.append(UInt8(ascii: "0") + UInt8(number % 10))
    }
}
