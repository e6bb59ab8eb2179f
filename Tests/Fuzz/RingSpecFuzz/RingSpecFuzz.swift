import RingKit

/// libFuzzer entry: reads the input as a ring's query string, a bar's and a sparkline's (and as a `/ring/{value}` or
/// `/bar/{value}` path value) and traps when a parser breaks a promise: a parsed spec must survive its own canonical
/// query unchanged, and its SVG must carry no active content; a parsed bar must fit the pixel cap, and a small one
/// must draw as a PNG; a rejected query must name a parameter in a short message without control characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    check(query: text, pathValue: nil)
    checkBar(query: text, pathValue: nil)
    checkSpark(query: text)
    checkStale(query: text)
    // The piece before the first `/` as a short link's value, the rest as the query.
    if let slash = text.firstIndex(of: "/") {
        let query = String(text[text.index(after: slash)...])
        check(query: query, pathValue: String(text[..<slash]))
        checkBar(query: query, pathValue: String(text[..<slash]))
    }
    return 0
}

let parameterNames = Set(ImageParameter.names(readBy: .ring))
/// A bar's refusal names one of the ring's parameters it shares, or one of its own.
let barParameterNames = parameterNames.union(ImageParameter.names(readBy: .bar))
/// A sparkline's refusal names one of the parameters it reads, or `value`, which it refuses.
let sparkParameterNames = Set(ImageParameter.names(readBy: .spark) + ["value"])

/// A parsed sparkline survives its canonical query, fits the pixel cap, carries no active content in its SVG and,
/// when small, draws as a PNG.
func checkSpark(query: String) {
    do {
        let spec = try SparkSpec.parse(query: query)
        let again: SparkSpec
        do {
            again = try SparkSpec.parse(query: spec.canonicalQuery)
        } catch {
            fatalError("canonical query \(spec.canonicalQuery) of spark \(query) does not parse: \(error.message)")
        }
        for format in [ImageFormat.svg, .png]
        where again != spec || again.canonicalKey(for: format) != spec.canonicalKey(for: format) {
            fatalError("canonical query \(spec.canonicalQuery) of spark \(query) reads back as another sparkline")
        }
        if Swift.max(spec.width, spec.height) * spec.series.scale > ImageLimits.pixelEdge {
            fatalError("spark \(query) is \(spec.width)×\(spec.height) at scale \(spec.series.scale)")
        }
        checkSVG(SparkRenderer.svg(spec), of: "spark " + query)
        if spec.width * spec.height * spec.series.scale * spec.series.scale <= 1 << 16 {
            var shapes = spec
            shapes.series.label = .none
            do {
                _ = try SparkRenderer.png(shapes)
            } catch {
                fatalError("spark \(query) could not be drawn: \(error)")
            }
        }
    } catch {
        checkRefusal(error.message, of: "spark " + query, names: sparkParameterNames)
    }
}

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
        checkSVG(SVGRenderer.render(spec), of: query)
    } catch {
        checkRefusal(error.message, of: query, names: parameterNames)
    }
}

func checkBar(query: String, pathValue: String?) {
    do {
        let spec = try BarSpec.parse(query: query, pathValue: pathValue)
        let again: BarSpec
        do {
            again = try BarSpec.parse(query: spec.canonicalQuery)
        } catch {
            fatalError("canonical query \(spec.canonicalQuery) of bar \(query) does not parse: \(error.message)")
        }
        for format in [ImageFormat.svg, .png]
        where again != spec || again.canonicalKey(for: format) != spec.canonicalKey(for: format) {
            fatalError("canonical query \(spec.canonicalQuery) of bar \(query) reads back as another bar")
        }
        if Swift.max(spec.width, spec.imageHeight) * spec.series.scale > ImageLimits.pixelEdge {
            fatalError("bar \(query) is \(spec.width)×\(spec.imageHeight) at scale \(spec.series.scale)")
        }
        if !(0...Double(spec.height) / 2).contains(spec.effectiveRadius) {
            fatalError("bar \(query) has radius \(spec.effectiveRadius) for height \(spec.height)")
        }
        checkSVG(BarRenderer.svg(spec), of: "bar " + query)
        // Small bars are drawn as PNGs too: Cairo aborts on geometry (a NaN angle) that the SVG writes silently.
        // Without the label, as PNGFuzz draws rings: fontconfig's caches, made once, would read as leaks.
        if spec.width * spec.imageHeight * spec.series.scale * spec.series.scale <= 1 << 16 {
            var shapes = spec
            shapes.series.label = .none
            do {
                _ = try BarRenderer.png(shapes)
            } catch {
                fatalError("bar \(query) could not be drawn: \(error)")
            }
        }
    } catch {
        checkRefusal(error.message, of: "bar " + query, names: barParameterNames)
    }
}

/// The input as a stale value's ring (`staleSince` and a clock from its length, so `{age}`, `{time}` and `{date}`
/// are written), and as a `staleAfter`: the stale ring draws every
/// ring in `staleColor` with no thresholds or gradient, is keyed apart from the fresh one, and carries no active
/// content; a refusal names a parameter; a duration read is `off` or within a minute and 400 days.
func checkStale(query: String) {
    if let after = StaleLook.after(query), after != 0, !StaleLook.afterRange.contains(after) {
        fatalError("staleAfter \(query) read as \(after) ms")
    }
    let since = Int64(query.utf8.count) * 86_399_999
    do {
        let stale = try RingSpec.parse(
            query: query, staleSince: since, clock: ValueClock(valueTime: since, now: since * 3 / 2))
        for ring in 0..<stale.ringCount where stale.effectiveColor(ofRing: ring) != stale.stale.color {
            fatalError("stale ring \(query): ring \(ring) is \(stale.effectiveColor(ofRing: ring).hex)")
        }
        if stale.thresholds != nil || (0..<stale.ringCount).contains(where: { stale.gradient(ofRing: $0) != nil }) {
            fatalError("stale ring \(query) keeps thresholds or a gradient")
        }
        if !stale.canonicalKey(for: .svg).contains("&staleSince=\(since)") {
            fatalError("stale ring \(query) is keyed as a fresh one")
        }
        checkSVG(SVGRenderer.render(stale), of: "stale " + query)
    } catch {
        checkRefusal(error.message, of: "stale " + query, names: parameterNames)
    }
}

/// A refusal names one of `names` before a colon, in a short message without control characters.
func checkRefusal(_ message: String, of query: String, names: Set<String>) {
    // A mistyped name (`Value`, `colour`) is refused under the name given, a near miss of one of `names`.
    guard let colon = message.firstIndex(of: ":"),
        names.contains(String(message[..<colon]))
            || ImageParameter.nearMiss(of: String(message[..<colon]), among: names) != nil
    else {
        fatalError("the message \(message) of \(query) names no parameter")
    }
    if message.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        fatalError("a control character in the message of \(query)")
    }
    if message.unicodeScalars.count > 300 {
        fatalError("a message of \(message.unicodeScalars.count) characters")
    }
}

/// An SVG carries no script, no foreign content, no fetch and no SMIL animation.
func checkSVG(_ bytes: [UInt8], of query: String) {
    let svg = String(decoding: bytes, as: UTF8.self).lowercased()
    for banned in ["<script", "<foreignobject", "url(", "@import", "<animate", "<set"] where svg.contains(banned) {
        fatalError("\(banned) in the SVG of \(query)")
    }
    if let attribute = eventOrLinkAttribute(in: svg) {
        fatalError("\(attribute) in the SVG of \(query)")
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
