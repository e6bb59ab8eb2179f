import RingKit

/// libFuzzer entry: reads the input as a query string (and as a `/ring/{value}` path value) and traps when the
/// parser breaks a promise: a parsed spec must survive its own canonical query unchanged, and its SVG must carry no
/// active content; a rejected query must name a parameter in a short message without control characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    check(query: text, pathValue: nil)
    // The piece before the first `/` as a short link's value, the rest as the query.
    if let slash = text.firstIndex(of: "/") {
        check(query: String(text[text.index(after: slash)...]), pathValue: String(text[..<slash]))
    }
    return 0
}

let parameterNames = Set(RingParameter.allCases.map(\.rawValue))

func check(query: String, pathValue: String?) {
    do {
        let spec = try RingSpec.parse(query: query, pathValue: pathValue)
        let again: RingSpec
        do {
            again = try RingSpec.parse(query: spec.canonicalQuery)
        } catch {
            fatalError("canonical query \(spec.canonicalQuery) of \(query) does not parse: \(error.message)")
        }
        if again != spec || again.canonicalKey != spec.canonicalKey {
            fatalError("canonical query \(spec.canonicalQuery) of \(query) reads back as another ring")
        }
        let svg = String(decoding: SVGRenderer.render(spec), as: UTF8.self).lowercased()
        for banned in ["<script", "<foreignobject", "url(", "@import", "<animate", "<set"] where svg.contains(banned) {
            fatalError("\(banned) in the SVG of \(query)")
        }
        if let attribute = eventOrLinkAttribute(in: svg) {
            fatalError("\(attribute) in the SVG of \(query)")
        }
    } catch {
        let message = error.message
        guard let colon = message.firstIndex(of: ":"), parameterNames.contains(String(message[..<colon])) else {
            fatalError("the message \(message) of \(query) names no parameter")
        }
        if message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fatalError("a control character in the message of \(query)")
        }
        if message.unicodeScalars.count > 300 {
            fatalError("a message of \(message.unicodeScalars.count) characters")
        }
    }
}

/// The first `on…=` or `…href=` attribute in `svg`, if any. Text never holds a raw `=` (the writer escapes it),
/// so every such match is a real attribute.
func eventOrLinkAttribute(in svg: String) -> String? {
    let bytes = Array(svg.utf8)
    for i in bytes.indices where bytes[i] == UInt8(ascii: "=") {
        var start = i
        while start > 0, bytes[start - 1] >= UInt8(ascii: "a"), bytes[start - 1] <= UInt8(ascii: "z") { start -= 1 }
        let name = String(decoding: bytes[start..<i], as: UTF8.self)
        if name.hasPrefix("on") || name.hasSuffix("href") { return name }
    }
    return nil
}
